import type { Database } from "~/db/client.server";
import type { Catalogue } from "~/catalogue/catalogue";
import { memberChoiceProblems, teamEntrySchema } from "./rules";
import { publicTeam } from "./teams.server";

/**
 * The team page's forms (issue 56, X-A11Y-10): every wrong field of a member's choice at once, by
 * the form's field names: a blank or unknown size, belt rank or colour, a name to print with a
 * web address, and for an entry (`entry`) the member's name and e-mail. Nothing when the team or
 * its option is not found: the step after (the team's checkout, addEntry) says so in its words.
 * An entry's caller checks the members' key first, so nothing about a store is said without it.
 */
export async function memberFormProblems(
  db: Database,
  catalogue: Catalogue,
  slug: string,
  typed: Record<string, string>,
  entry: boolean,
  now: Date,
): Promise<Record<string, string>> {
  const value = (name: string) => typed[name]?.trim() || undefined;
  const team = await publicTeam(db, catalogue, slug, now);
  const offer = team?.products.find(
    (product) =>
      product.productId === value("productId") && product.optionType === value("optionType"),
  );
  if (!offer) return {};
  const fieldErrors: Record<string, string> = {};
  if (entry) {
    const person = teamEntrySchema
      .pick({ name: true, email: true })
      .safeParse({ name: value("name") ?? "", email: value("email") ?? "" });
    for (const issue of person.success ? [] : person.error.issues) {
      fieldErrors[String(issue.path[0])] ??= issue.message;
    }
  }
  const choice = memberChoiceProblems(offer, offer.name, {
    name: entry && !fieldErrors.name ? (value("name") ?? "") : undefined,
    printName: value("printName"),
    size: value("size") ?? "",
    beltRank: value("beltRank"),
    color: value("color"),
  });
  for (const [name, sentence] of Object.entries(choice)) fieldErrors[name] ??= sentence;
  return fieldErrors;
}
