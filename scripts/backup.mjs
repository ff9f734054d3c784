// npm run backup -- <file>      writes the whole shop (database and stored files) into one file
// npm run restore -- <file> [--force]   loads such a file into an empty database
// Uses the same DATA_DIR / DATABASE_URL / S3_* settings as the shop (docs/operations.md).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadAppModule } from "./app-module.mjs";
import "./check-node.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [command, ...argv] = process.argv.slice(2);
const files = argv.map((arg) => (arg.startsWith("--") ? arg : path.resolve(arg)));
process.chdir(root);

// The app's TypeScript through Vite's SSR module loader, or the build where there is no Vite.
const app = await loadAppModule("/app/server/backup-cli.server.ts");
let code;
try {
  const cli = app.module;
  const run = command === "restore" ? cli.restoreCommand : cli.backupCommand;
  const result = await run(files);
  code = result.code;
  (code === 0 ? console.log : console.error)(result.message);
} finally {
  await app.close();
}
process.exit(code);
