import { createOwner } from "~/owners/owners.server";
import { openDatabase } from "~/db/client.server";
import { env } from "~/server/env.server";

/**
 * `npm run owner:create -- --email owner@example.com`: adds an owner account (X-OPS-1). The
 * password comes from OWNER_PASSWORD or, failing that, the first line of standard input, so it
 * never appears in the shell's history or the process list.
 */
export async function ownerCreateCommand(argv: readonly string[], stdin: () => Promise<string>) {
  const emailAt = argv.indexOf("--email");
  const email =
    emailAt >= 0 ? argv[emailAt + 1] : argv.find((a) => a.startsWith("--email="))?.slice(8);
  if (!email) {
    return {
      code: 2,
      message:
        "Usage: npm run owner:create -- --email owner@example.com (password from OWNER_PASSWORD or stdin)",
    };
  }
  const config = env();
  const password = config.OWNER_PASSWORD ?? (await stdin()).split(/\r?\n/)[0] ?? "";
  const connection = await openDatabase(config);
  try {
    const outcome = await createOwner(connection.db, { email, password });
    return outcome.ok
      ? { code: 0, message: `Owner ${outcome.owner.email} created.` }
      : { code: 1, message: outcome.message };
  } finally {
    await connection.close();
  }
}
