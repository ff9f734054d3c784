// npm run bucket:make   makes S3_BUCKET on the S3-compatible server (S3_ENDPOINT, S3_* keys)
// when it has none; waits up to a minute for a server still starting. (The compose file's
// `s3-init` uses MinIO's own client instead, and makes the shop's bucket user too: docs/deploy.md.)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadAppModule } from "./app-module.mjs";
import "./check-node.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

// The app's TypeScript through Vite's SSR module loader, or the build where there is no Vite.
const app = await loadAppModule("/app/server/bucket-cli.server.ts");
let code;
try {
  const result = await app.module.bucketCommand();
  code = result.code;
  (code === 0 ? console.log : console.error)(result.message);
} finally {
  await app.close();
}
process.exit(code);
