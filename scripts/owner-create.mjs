// npm run owner:create -- --email owner@example.com
// Adds a back-office owner. The password is read from OWNER_PASSWORD or standard input
// (prompted when it is a terminal). Uses the same DATA_DIR / DATABASE_URL as the shop.
import { createInterface } from "node:readline/promises";
import { runAppCommand } from "./app-module.mjs";
import "./check-node.mjs";

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
await runAppCommand("/app/server/owner-cli.server.ts", (cli) =>
  cli.ownerCreateCommand(process.argv.slice(2), readPassword),
);
