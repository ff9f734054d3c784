import { env } from "~/server/env.server";
import { makeBucket } from "~/storage/s3.server";
import { ProblemError } from "~/shared/problems";

/**
 * `npm run bucket:make`: makes S3_BUCKET on the S3-compatible server when it has none (issue 35:
 * the compose file's `s3-init` runs it before the shop starts). Waits up to `waitSeconds` for a
 * server that is still starting.
 */
export async function bucketCommand(waitSeconds = 60) {
  const config = env();
  const bucket = config.S3_BUCKET;
  if (!bucket) return { code: 0, message: "S3_BUCKET is not set: there is no bucket to make." };
  const until = Date.now() + waitSeconds * 1000;
  for (;;) {
    try {
      const outcome = await makeBucket({ ...config, S3_BUCKET: bucket });
      return {
        code: 0,
        message: outcome === "made" ? `Bucket ${bucket} made.` : `Bucket ${bucket} is there.`,
      };
    } catch (error) {
      const away = error instanceof ProblemError && error.kind === "unavailable";
      if (!away || Date.now() > until) {
        return {
          code: 1,
          message: `Bucket ${bucket} could not be made: ${away ? "the server does not answer" : String((error as Error).name)}.`,
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
