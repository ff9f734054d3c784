import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { processNextPhoto } from "~/catalogue/photos/processing.server";
import { loadCatalogue } from "~/catalogue/store.server";
import type { Database } from "~/db/client.server";
import { auditLog, catalogueRevision, productPhotos } from "~/db/schema";
import { loader as photoFile } from "~/routes/product-photo";
import { action as photosApi, loader as photosGet } from "~/routes/api.admin.product-photos";
import { action as photoApi } from "~/routes/api.admin.product-photo";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call } from "./helpers";
import { testDb, theShop, useTestSettings, useOtherProcessDb } from "./shop";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

const HOODIE = "mens-grip-truth-hoodie"; // colours Grey and Black
const GI = "mens-grip-truth-bjj-gi";
const SLIDERS = "mens-grip-truth-sliders";

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});

const otherProcessDb = useOtherProcessDb(5);

/** Processes every photo waiting, so a test starts with none. */
async function drain(db: Database) {
  while (await processNextPhoto(db, theShop().files)) {
    /* next */
  }
}

const revision = async (db: Database) =>
  (await db.select().from(catalogueRevision))[0]?.revision ?? 0;

interface PhotoJson {
  id: string;
  alt: string;
  color: string | null;
  position: number;
  status: string;
  urls?: unknown;
}

async function png(width = 64, height = 48, seed = 0): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: seed % 255, g: 90, b: 40 } },
  })
    .png()
    .toBuffer();
}

async function uploadPhoto(
  productId: string,
  bytes: Buffer | Uint8Array | null,
  fields: Record<string, string> = { alt: "The hoodie from the front" },
  extraHeaders: Record<string, string> = {},
) {
  const form = new FormData();
  if (bytes) form.append("file", new Blob([new Uint8Array(bytes)]), "photo.png");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  return call(
    photosApi,
    `/api/admin/products/${productId}/photos`,
    {
      method: "POST",
      headers: {
        "content-type": encoded.headers.get("content-type")!,
        cookie,
        ...extraHeaders,
      },
      body: await encoded.arrayBuffer(),
    },
    { id: productId },
  );
}

const photosOf = async (productId: string) =>
  (await (
    await call(
      photosGet,
      `/api/admin/products/${productId}/photos`,
      { headers: { cookie } },
      { id: productId },
    )
  ).json()) as PhotoJson[];

describe(`the owner's product photos (${driver})`, () => {
  it("X-PHOTO-1: POST answers 201 {id, alt, color, position, status}; the photo is in processing and audited", async () => {
    const answer = await uploadPhoto(HOODIE, await png(), {
      alt: "  The grey hoodie,   front ",
      color: "grey",
    });
    expect(answer.status).toBe(201);
    const photo = (await answer.json()) as PhotoJson;
    expect(Object.keys(photo).sort()).toEqual(["alt", "color", "id", "position", "status"]);
    expect(photo).toMatchObject({
      alt: "The grey hoodie, front",
      color: "Grey",
      position: 1,
      status: "processing",
    });
    const db = await testDb();
    const audit = await db.select().from(auditLog).where(eq(auditLog.subject, `product:${HOODIE}`));
    expect(audit.map((a) => a.action)).toContain("product.photo.add");
    expect((await photosOf(HOODIE)).map((p) => p.id)).toEqual([photo.id]);
  });

  it("X-PHOTO-1: alt text is required, colour must be the product's, owners only, same origin only", async () => {
    const noAlt = await uploadPhoto(GI, await png(), { alt: "   " });
    expect(noAlt.status).toBe(400);
    expect(await noAlt.json()).toEqual({
      error: "Describe the photo for customers who cannot see it.",
    });
    const wrongColor = await uploadPhoto(HOODIE, await png(), { alt: "Hoodie", color: "Purple" });
    expect(wrongColor.status).toBe(400);
    expect(((await wrongColor.json()) as { error: string }).error).toMatch(/Grey, Black/);
    const noFile = await uploadPhoto(GI, null, { alt: "A gi" });
    expect(noFile.status).toBe(400);

    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await png())]), "p.png");
    form.append("alt", "A gi");
    const encoded = new Response(form);
    const anonymous = await call(
      photosApi,
      `/api/admin/products/${GI}/photos`,
      {
        method: "POST",
        headers: { "content-type": encoded.headers.get("content-type")! },
        body: await encoded.arrayBuffer(),
      },
      { id: GI },
    );
    expect(anonymous.status).toBe(401);
    const crossSite = await uploadPhoto(GI, await png(), { alt: "A gi" }, {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    const unknown = await uploadPhoto("no-such-product", await png(), { alt: "A thing" });
    expect(unknown.status).toBe(404);
  });

  it("X-PHOTO-1: refuses what is not a photo, HEIC it cannot read, a truncated file, an image bomb, over 20 MB, with a sentence", async () => {
    const cases: [Uint8Array, number, RegExp][] = [
      [new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), 415, /JPEG, PNG/],
      [await sharp(await png()).gif().toBuffer(), 415, /JPEG, PNG, WebP or AVIF/],
      // An ISO-BMFF header with the HEIC brand: the prebuilt sharp reads AVIF only.
      [
        Uint8Array.from([0, 0, 0, 24, ...Buffer.from("ftypheic"), 0, 0, 0, 0, ...Buffer.from("mif1heic")]),
        415,
        /HEIC/,
      ],
      [(await png(800, 600)).subarray(0, 600), 422, /cut short or damaged/],
    ];
    for (const [bytes, status, message] of cases) {
      const answer = await uploadPhoto(SLIDERS, bytes, { alt: "Sliders" });
      expect(answer.status, String(message)).toBe(status);
      expect(((await answer.json()) as { error: string }).error).toMatch(message);
    }
    // 8000 × 6000 = 48 megapixels, refused from its header before any pixel is decoded.
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: "#000" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const bombAnswer = await uploadPhoto(SLIDERS, bomb, { alt: "Sliders" });
    expect(bombAnswer.status).toBe(413);
    expect(await bombAnswer.json()).toEqual({ error: "Photos can be at most 40 megapixels." });
    const huge = new Uint8Array(20 * 1024 * 1024 + 1);
    huge.set(await png());
    const hugeAnswer = await uploadPhoto(SLIDERS, huge, { alt: "Sliders" });
    expect(hugeAnswer.status).toBe(413);
    expect(await hugeAnswer.json()).toEqual({ error: "Photos can be at most 20 MB." });
    expect(await photosOf(SLIDERS)).toEqual([]);
  });

  it("X-PHOTO-1: EXIF orientation is applied, then the metadata (GPS included) is stripped", async () => {
    // 60 × 40 stored, orientation 6 (turn 90° clockwise to view): upright it is 40 × 60.
    const phone = await sharp({
      create: { width: 60, height: 40, channels: 3, background: "#3a6" },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: "PhoneCo" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "54/1 36/1 0/1" },
      })
      .toBuffer();
    const sent = await sharp(phone).metadata();
    expect(sent.orientation).toBe(6);
    expect(phone.includes(Buffer.from("PhoneCo"))).toBe(true);
    const answer = await uploadPhoto(GI, phone, { alt: "The gi on a hanger" });
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as PhotoJson;
    const db = await testDb();
    const [row] = await db.select().from(productPhotos).where(eq(productPhotos.id, id));
    expect([row!.width, row!.height]).toEqual([40, 60]);
    const master = await theShop().files.get(row!.masterKey);
    const meta = await sharp(master!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([40, 60]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(master!.bytes.includes(Buffer.from("PhoneCo"))).toBe(false);

    // Its renditions (made from the master) stand upright too and carry no metadata at all.
    while (await processNextPhoto(db, theShop().files)) {
      /* until it is ready */
    }
    const [ready] = await db.select().from(productPhotos).where(eq(productPhotos.id, id));
    expect(ready!.status).toBe("ready");
    for (const rendition of ready!.renditions) {
      const file = await theShop().files.get(rendition.key);
      const made = await sharp(file!.bytes).metadata();
      expect([made.width, made.height]).toEqual([40, 60]);
      expect([made.exif, made.orientation, made.xmp]).toEqual([undefined, undefined, undefined]);
      expect(file!.bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
    }
    expect(ready!.renditions.map((r) => r.format).sort()).toEqual(["avif", "jpeg", "webp"]);
  });

  it("X-PHOTO-1: at most 12 photos; PUT orders them, PATCH describes and tags, DELETE removes with its files", async () => {
    const product = "womens-grip-truth-hoodie";
    const ids: string[] = [];
    for (let n = 0; n < 12; n++) {
      const answer = await uploadPhoto(product, await png(32, 32, n), { alt: `Photo ${n + 1}` });
      expect(answer.status).toBe(201);
      ids.push(((await answer.json()) as PhotoJson).id);
    }
    const thirteenth = await uploadPhoto(product, await png(), { alt: "One too many" });
    expect(thirteenth.status).toBe(409);
    expect(await thirteenth.json()).toEqual({
      error: "A product can have at most 12 photos. Delete one to add another.",
    });

    const put = (order: unknown) =>
      call(
        photosApi,
        `/api/admin/products/${product}/photos`,
        {
          method: "PUT",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ order }),
        },
        { id: product },
      );
    const reversed = [...ids].reverse();
    const ordered = await put(reversed);
    expect(ordered.status).toBe(200);
    const list = (await ordered.json()) as PhotoJson[];
    expect(list.map((p) => p.id)).toEqual(reversed);
    expect(list.map((p) => p.position)).toEqual(ids.map((_, i) => i + 1));
    expect((await put(reversed.slice(1))).status).toBe(400);
    expect((await put([...reversed.slice(1), reversed[1]])).status).toBe(400);

    const patch = (photoId: string, body: unknown) =>
      call(
        photoApi,
        `/api/admin/products/${product}/photos/${photoId}`,
        {
          method: "PATCH",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify(body),
        },
        { id: product, photoId },
      );
    const patched = await patch(ids[0]!, { alt: "Black hoodie, back", color: "Black" });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ alt: "Black hoodie, back", color: "Black" });
    expect(await (await patch(ids[0]!, { alt: "" })).json()).toEqual({
      error: "Describe the photo for customers who cannot see it.",
    });
    expect(await (await patch(ids[0]!, { color: "" })).json()).toMatchObject({ color: null });

    const db = await testDb();
    const [row] = await db.select().from(productPhotos).where(eq(productPhotos.id, ids[0]!));
    const removed = await call(
      photoApi,
      `/api/admin/products/${product}/photos/${ids[0]}`,
      { method: "DELETE", headers: { cookie } },
      { id: product, photoId: ids[0]! },
    );
    expect(removed.status).toBe(200);
    expect(await theShop().files.get(row!.masterKey)).toBeNull();
    expect((await photosOf(product)).map((p) => p.id)).not.toContain(ids[0]);
    // Room for one more now.
    expect((await uploadPhoto(product, await png(), { alt: "Photo 13" })).status).toBe(201);
    const actions = (
      await db.select().from(auditLog).where(eq(auditLog.subject, `product:${product}`))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "product.photo.add",
        "product.photo.order",
        "product.photo.update",
        "product.photo.delete",
      ]),
    );
  });
});

describe(`the 12-photo limit when uploads race (${driver})`, () => {
  it.runIf(driver === "postgres")(
    "X-PHOTO-1: four uploads at once to a product with 10 photos, from two processes: exactly two are added, the others get the 409 sentence",
    { tags: ["race"] },
    async () => {
      const product = "mens-england-no-gi-set";
      for (let n = 0; n < 10; n++) {
        expect((await uploadPhoto(product, await png(24, 24, n), { alt: `Photo ${n}` })).status).toBe(201);
      }
      const db = await testDb();
      const other = await otherProcessDb();
      const bytes = await png(24, 24, 99);
      const answers = await Promise.all(
        [db, other, db, other].map(async (database, n) => {
          const form = new FormData();
          form.append("file", new Blob([new Uint8Array(bytes)]), "photo.png");
          form.append("alt", `Racing ${n}`);
          const encoded = new Response(form);
          return call(
            photosApi,
            `/api/admin/products/${product}/photos`,
            {
              method: "POST",
              headers: { "content-type": encoded.headers.get("content-type")!, cookie },
              body: await encoded.arrayBuffer(),
            },
            { id: product },
            database,
          );
        }),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409]);
      const photos = await photosOf(product);
      expect(photos).toHaveLength(12);
      expect(photos.map((photo) => photo.position)).toEqual(
        Array.from({ length: 12 }, (_, n) => n + 1),
      );
    },
  );
});

describe(`processing product photos in the background (${driver})`, () => {
  it("X-PHOTO-2: AVIF and WebP at each width the original reaches, a placeholder, served immutable and without metadata", async () => {
    const db = await testDb();
    await drain(db);
    const phone = await sharp({
      create: { width: 1000, height: 700, channels: 3, background: "#c84" },
    })
      .jpeg()
      .withMetadata({ orientation: 1 })
      .withExifMerge({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N" } })
      .toBuffer();
    const answer = await uploadPhoto("mens-grip-n-trip-thai-shorts", phone, { alt: "Thai shorts" });
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as PhotoJson;
    expect(await processNextPhoto(db, theShop().files)).toBe(1);
    expect(await processNextPhoto(db, theShop().files)).toBe(0);

    const [photo] = (await photosOf("mens-grip-n-trip-thai-shorts")).filter((p) => p.id === id);
    expect(photo?.status).toBe("ready");
    const urls = photo!.urls as {
      avif: { url: string; width: number; height: number }[];
      webp: { url: string; width: number; height: number }[];
      jpeg: { url: string; width: number; height: number }[];
      placeholder: string;
    };
    expect(urls.avif.map((r) => r.width)).toEqual([320, 640, 960]);
    expect(urls.webp.map((r) => [r.width, r.height])).toEqual([
      [320, 224],
      [640, 448],
      [960, 672],
    ]);
    expect(urls.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(urls.placeholder.length).toBeLessThan(600);
    // Small JPEGs for e-mails, whose clients may show neither AVIF nor WebP.
    expect(urls.jpeg.map((r) => [r.width, r.height])).toEqual([
      [160, 112],
      [320, 224],
    ]);

    for (const [rendition, type] of [
      [urls.avif[2]!, "image/avif"],
      [urls.webp[0]!, "image/webp"],
      [urls.jpeg[1]!, "image/jpeg"],
    ] as const) {
      expect(rendition.url).toMatch(/^\/photos\/[0-9a-f-]{36}\/\d+-[0-9a-f]{16}\.(avif|webp|jpeg)$/);
      const [, , photoId, file] = rendition.url.split("/");
      const served = await call(photoFile, rendition.url, {}, { photoId: photoId!, file: file! });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.width).toBe(rendition.width);
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
    }
    // Names the shop did not give, and the master, are not served.
    for (const [photoId, file] of [
      [id, "master"],
      [id, "320-0000000000000000.webp"],
      ["..", "..%2Fmaster"],
    ]) {
      const refused = await call(photoFile, `/photos/${photoId}/${file}`, {}, { photoId: photoId!, file: file! });
      expect(refused.status).toBe(404);
    }
  });

  it("X-PHOTO-2: a process killed mid-way leaves the photo to another, and it is finished exactly once", { tags: ["race"] }, async () => {
    const db = await testDb();
    await drain(db);
    const answer = await uploadPhoto("kids-grip-n-trip-thai-shorts", await png(400, 300), {
      alt: "Kids' Thai shorts",
    });
    const { id } = (await answer.json()) as PhotoJson;
    const other = await otherProcessDb();

    // The first process claims the photo for 300 ms and then hangs (as if killed) until the
    // second has taken the photo after the claim ran out and finished it.
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    const first = processNextPhoto(db, theShop().files, { claimMs: 300, beforeFinish: () => hung });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await processNextPhoto(other, theShop().files)).toBe(0); // still claimed
    await new Promise((resolve) => setTimeout(resolve, 400));
    const before = await revision(db);
    expect(await processNextPhoto(other, theShop().files)).toBe(1);
    const [done] = await db.select().from(productPhotos).where(eq(productPhotos.id, id));
    expect(done!.status).toBe("ready");
    expect(done!.attempts).toBe(2);
    expect(await revision(db)).toBe(before + 1);

    // The first process wakes up: its claim is gone, so it changes nothing.
    release();
    expect(await first).toBe(1);
    const [after] = await db.select().from(productPhotos).where(eq(productPhotos.id, id));
    expect(after!.updatedAt).toEqual(done!.updatedAt);
    expect(after!.renditions).toEqual(done!.renditions);
    expect(await revision(db)).toBe(before + 1);
  });

  it("X-PHOTO-3: the storefront's catalogue has a product's photos once they are ready, in the owner's order", async () => {
    const db = await testDb();
    await drain(db);
    const product = "womens-grip-n-trip-thai-shorts";
    const first = await uploadPhoto(product, await png(700, 700, 1), { alt: "Front" });
    const second = await uploadPhoto(product, await png(700, 700, 2), {
      alt: "Back",
      color: "Red",
    });
    const ids = await Promise.all([first, second].map(async (a) => ((await a.json()) as PhotoJson).id));
    expect((await loadCatalogue(db, Date.now())).all.get(product)?.photos).toBeUndefined();
    await drain(db);
    const photos = (await loadCatalogue(db, Date.now())).all.get(product)?.photos ?? [];
    expect(photos.map((p) => [p.id, p.alt, p.color])).toEqual([
      [ids[0], "Front", null],
      [ids[1], "Back", "Red"],
    ]);
    expect(photos[0]!.avif.map((r) => r.width)).toEqual([320, 640]);
    expect(photos[0]!.placeholder).toMatch(/^data:image\/webp;base64,/);
  });

  it.runIf(driver === "postgres")(
    "X-PHOTO-2: two processes asking for work at the same moment: the photo is processed once (FOR UPDATE SKIP LOCKED)",
    { tags: ["race"] },
    async () => {
      const db = await testDb();
      const other = await otherProcessDb();
      for (let round = 0; round < 5; round++) {
        await drain(db);
        const answer = await uploadPhoto("kids-grip-truth-hoodie", await png(200, 200, round), {
          alt: `Race ${round}`,
        });
        const { id } = (await answer.json()) as PhotoJson;
        const taken = await Promise.all([processNextPhoto(db, theShop().files), processNextPhoto(other, theShop().files)]);
        expect(taken.sort()).toEqual([0, 1]);
        const [row] = await db.select().from(productPhotos).where(eq(productPhotos.id, id));
        expect(row!.status).toBe("ready");
        expect(row!.attempts).toBe(1);
      }
    },
  );
});
