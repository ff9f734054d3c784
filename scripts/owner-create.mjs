// npm run owner:create -- --email owner@example.com
// Adds a back-office owner. The password is read from OWNER_PASSWORD or standard input
// (prompted when it is a terminal). Uses the same DATA_DIR / DATABASE_URL as the shop.
import { createInterface } from "node:readline/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
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

// The app's TypeScript is loaded through Vite's SSR module loader (no build or tsx needed).
const vite = await createServer({
  configFile: false,
  logLevel: "error",
  appType: "custom",
  resolve: { tsconfigPaths: true },
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
let code;
try {
  const cli = await vite.ssrLoadModule("/app/server/owner-cli.server.ts");
  const result = await cli.ownerCreateCommand(process.argv.slice(2), readPassword);
  code = result.code;
  (code === 0 ? console.log : console.error)(result.message);
} finally {
  await vite.close();
}
process.exit(code);
