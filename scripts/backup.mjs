// npm run backup -- <file>      writes the whole shop (database and stored files) into one file
// npm run restore -- <file> [--force] [--unsigned]   loads such a file into an empty database
//   (--unsigned: a file you trust that is not signed with this shop's BACKUP_KEY)
// Uses the same DATA_DIR / DATABASE_URL / S3_* settings as the shop (docs/operations.md).
import path from "node:path";
import { runAppCommand } from "./app-module.mjs";
import "./check-node.mjs";

// A backup holds the whole shop: it is written readable by this user only (X-SEC-22).
process.umask(0o077);
const [command, ...argv] = process.argv.slice(2);
const files = argv.map((arg) => (arg.startsWith("--") ? arg : path.resolve(arg)));

// The app's TypeScript through Vite's SSR module loader, or the build where there is no Vite.
await runAppCommand("/app/server/backup-cli.server.ts", (cli) =>
  (command === "restore" ? cli.restoreCommand : cli.backupCommand)(files),
);
