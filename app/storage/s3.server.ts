import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  HeadBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Env } from "~/shared/settings";
import { ProblemError } from "~/shared/problems";
import type { FileStore } from "./file-store";

/** What a person is told while the bucket does not answer (issue 40: the bucket unreachable). */
export const BUCKET_UNREACHABLE =
  "Photos cannot be stored or fetched right now: the photo storage is not answering. Please try again in a few minutes.";
/** Seconds a client is asked to wait (Retry-After) while the bucket does not answer. */
export const BUCKET_RETRY_SECONDS = 60;

/**
 * An error the bucket's server did not answer (refused, reset, timed out, no such host) becomes
 * the "unavailable" problem (503 with Retry-After at the edge); an answer of the server's
 * (NoSuchKey, AccessDenied…) stays what it is.
 */
function unreachable(error: unknown): never {
  const answered = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata
    ?.httpStatusCode;
  if (answered) throw error;
  throw new ProblemError("unavailable", BUCKET_UNREACHABLE, { retryAfter: BUCKET_RETRY_SECONDS });
}

export type S3Config = Pick<
  Env,
  "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY"
>;

/** The S3 client for the configured server (path-style addresses for a non-AWS endpoint). */
function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT && { endpoint: config.S3_ENDPOINT, forcePathStyle: true }),
    ...(config.S3_ACCESS_KEY_ID &&
      config.S3_SECRET_ACCESS_KEY && {
        credentials: {
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        },
      }),
  });
}

/**
 * Makes the bucket when the server does not have it yet (issue 35: a new compose install's
 * S3-compatible store starts empty); answers whether it was made or was there. An unreachable
 * server throws the "unavailable" problem, any other refusal as the server said it.
 */
export async function makeBucket(
  config: S3Config & { S3_BUCKET: string },
): Promise<"made" | "there"> {
  const client = s3Client(config);
  const Bucket = config.S3_BUCKET;
  try {
    await client.send(new HeadBucketCommand({ Bucket })).catch(unreachable);
    return "there";
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== 404) throw error;
  } finally {
    client.destroy();
  }
  const maker = s3Client(config);
  try {
    await maker.send(new CreateBucketCommand({ Bucket })).catch(unreachable);
    return "made";
  } finally {
    maker.destroy();
  }
}

/**
 * Photo files in an S3-compatible bucket (issue 22): what a shop that outgrows one machine uses,
 * behind a CDN. Keys name their content, so a file is written once and never changed.
 */
export function s3FileStore(config: S3Config & { S3_BUCKET: string }): FileStore {
  const client = s3Client(config);
  const Bucket = config.S3_BUCKET;
  const send = ((command: never) => client.send(command).catch(unreachable)) as S3Client["send"];

  async function removeKeys(keys: readonly string[]) {
    for (let at = 0; at < keys.length; at += 1000) {
      await send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: keys.slice(at, at + 1000).map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  return {
    kind: "bucket",
    async put(key, bytes, contentType) {
      await send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          // A CDN in front of the bucket may keep a file for good: its key changes with it.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async get(key) {
      try {
        const answer = await send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return { bytes, contentType: answer.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async remove(keys) {
      if (keys.length) await removeKeys(keys);
    },
    async removePrefix(prefix) {
      let token: string | undefined;
      do {
        const page = await send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        await removeKeys((page.Contents ?? []).map((item) => item.Key!).filter(Boolean));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async keys(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
  };
}
