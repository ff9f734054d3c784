// @module-tag driver
// Nightly backups into the bucket (issue 40 item 1): with S3_BUCKET and no BACKUP_DIR the shop
// writes its nightly backup as an object under the bucket's `backups/` prefix, keeps BACKUP_KEEP,
// and the dashboard reads the newest from there. A local S3 server (s3rver) of this file's own.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, describe, expect, it } from "vitest";
import { theShop, useTestSettings } from "./shop";

const s3 = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: mkdtempSync(path.join(os.tmpdir(), "grip-truth-s3-")),
  configureBuckets: [{ name: "shop-photos", configs: [] }],
});
const { port } = await s3.run();
useTestSettings({
  S3_BUCKET: "shop-photos",
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_REGION: "eu-west-2",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  BACKUP_SCHEDULE: "03:30",
  BACKUP_KEEP: "3",
});
const { OWNER, signInCookie } = await import("./admin-fixtures");
useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
const { call } = await import("./helpers");
const { nightlyBackup } = await import("~/server/backup-schedule.server");
const { readBackup } = await import("~/server/backup.server");
const { backupHealth, backupNameAt } = await import("~/flows/back-office/backups.server");
const { backgroundJobs } = await import("~/server/jobs.server");
const { loader: dashboardPage } = await import("~/routes/admin.dashboard");
const { s3FileStore } = await import("~/storage/s3.server");

afterAll(async () => {
  await s3.close();
});

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
const bucket = new S3Client({
  endpoint: `http://127.0.0.1:${port}`,
  region: "eu-west-2",
  forcePathStyle: true,
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
});
const keysIn = async (prefix: string) =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: "shop-photos", Prefix: prefix })))
    .Contents ?? []
  ).map((item) => item.Key!);
const objectBytes = async (key: string) =>
  Buffer.from(
    await (await bucket.send(new GetObjectCommand({ Bucket: "shop-photos", Key: key }))).Body!.transformToByteArray(),
  );
const night = (day: number, time = "04:00") => new Date(`2026-12-${String(day).padStart(2, "0")}T${time}:00Z`);
const nameAt = (at: Date) => `backups/${backupNameAt(at, theShop().settings.BACKUP_KEY)}`;

describe(`nightly backups into the bucket (${driver})`, () => {
  it("X-SAFE-8: with S3_BUCKET and no BACKUP_DIR one backup a night goes to the bucket's backups/, none twice, the newest BACKUP_KEEP kept, each a whole backup without the backups themselves", async () => {
    const { settings, connection, files } = theShop();
    expect(settings.BACKUP_DIR).toBeUndefined();
    expect(files.kind).toBe("bucket");
    // The shop runs the job with the bucket alone.
    expect(backgroundJobs(theShop()).map((job) => job.name)).toContain("nightly-backup");
    await files.put("product-photos/00000000-0000-4000-8000-00000000a1a1/master", Buffer.from("a photo's bytes"), "image/jpeg");

    expect(await nightlyBackup(settings, connection, files, night(1))).toBe(1);
    expect(await nightlyBackup(settings, connection, files, night(1, "05:00"))).toBe(0);
    expect(await nightlyBackup(settings, connection, files, night(1, "23:59"))).toBe(0);
    expect(await keysIn("backups/")).toEqual([nameAt(night(1))]);
    for (const day of [2, 3, 4, 5]) expect(await nightlyBackup(settings, connection, files, night(day))).toBe(1);
    expect((await keysIn("backups/")).sort()).toEqual([night(3), night(4), night(5)].map(nameAt));

    const backup = await readBackup(await objectBytes(nameAt(night(5))), { key: settings.BACKUP_KEY });
    expect(backup.manifest.takenAt).toBe(night(5).toISOString());
    expect(backup.manifest.tables.orders).toBeDefined();
    expect(backup.manifest.files.from).toBe("bucket");
    // The shop's files are in it; the earlier nights' backups are not (a backup never nests).
    expect(backup.files.get("product-photos/00000000-0000-4000-8000-00000000a1a1/master")?.bytes.toString()).toBe("a photo's bytes");
    expect([...backup.files.keys()].filter((key) => key.startsWith("backups/"))).toEqual([]);
    expect(await keysIn("product-photos/00000000-0000-4000-8000-00000000a1a1/")).toEqual(["product-photos/00000000-0000-4000-8000-00000000a1a1/master"]);
  });

  it("X-SAFE-1: the dashboard reads the newest backup from the bucket, and a missing or late one needs attention", async () => {
    const { settings, connection, files } = theShop();
    const emptyShelf = async () => files.remove(await keysIn("backups/"));
    await emptyShelf();
    const none = await backupHealth(settings, files, new Date("2026-12-01T06:00:00Z"));
    expect(none).toMatchObject({ lastAt: null, late: true });
    expect(none!.sentence).toMatch(/^No backup has been written to the bucket's backups\/ folder yet/);

    await nightlyBackup(settings, connection, files, new Date("2026-12-01T03:31:00Z"));
    expect(await backupHealth(settings, files, new Date("2026-12-01T12:00:00Z"))).toMatchObject({
      late: false,
      lastAt: "2026-12-01T03:31:00.000Z",
    });
    const late = await backupHealth(settings, files, new Date("2026-12-02T05:31:00Z"));
    expect(late).toMatchObject({ late: true, lastAt: "2026-12-01T03:31:00.000Z" });
    expect(late!.sentence).toMatch(/^The nightly backup due .* was not written \(the last is from .*that the bucket answers/);

    // The dashboard, at the shop's clock.
    await emptyShelf();
    const cookie = await signInCookie();
    const page = async () =>
      (await (await call(dashboardPage, "/admin", { headers: { cookie } })).json()) as {
        backup: { late: boolean; sentence: string; lastAt: string | null } | null;
      };
    expect((await page()).backup).toMatchObject({ late: true, lastAt: null });
    await nightlyBackup(settings, connection, files, new Date());
    const after = (await page()).backup!;
    expect(after.late).toBe(false);
    expect(after.sentence).toMatch(/^Last backup /);
  });

  it("X-SAFE-1 X-SAFE-6: a bucket that does not answer leaves the dashboard's backup line saying so, not failing", async () => {
    const { settings } = theShop();
    // Nothing listens on this port (the helper's own range): every request is refused.
    const away = s3FileStore({ ...settings, S3_BUCKET: "shop-photos", S3_ENDPOINT: "http://127.0.0.1:4349" });
    const health = await backupHealth(settings, away, new Date("2026-12-01T12:00:00Z"));
    expect(health).toMatchObject({ lastAt: null, late: true });
    expect(health!.sentence).toMatch(/^The nightly backups in the bucket's backups\/ folder cannot be read right now/);
  });
});
