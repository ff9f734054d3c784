// npm run owner:create -- --email owner@example.com
// Adds a back-office owner. The password is read from OWNER_PASSWORD or standard input
// (prompted when it is a terminal). Uses the same DATA_DIR / DATABASE_URL as the shop.
import { createInterface } from "node:readline/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadAppModule } from "./app-module.mjs";
import "./check-node.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

async function readPassword() {
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    return text;
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Hide what is typed.
  rl._writeToOutput = (s) => {
    if (s.includes("Password")) process.stdout.write(s);
  };
  const answer = await rl.question("Password (at least 12 characters): ");
  rl.close();
  process.stdout.write("\n");
  return answer;
}

// The app's TypeScript through Vite's SSR module loader, or the build where there is no Vite.
const app = await loadAppModule("/app/server/owner-cli.server.ts");
let code;
try {
  const cli = app.module;
  const result = await cli.ownerCreateCommand(process.argv.slice(2), readPassword);
  code = result.code;
  (code === 0 ? console.log : console.error)(result.message);
} finally {
  await app.close();
}
process.exit(code);
