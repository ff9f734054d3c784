// Debian's Chromium (or CHROME_PATH), never a downloaded browser, and the flags that keep it
// off this machine's closed network. Shared by Playwright and the Lighthouse script.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  '--host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE localhost"',
];
