import { choiceDetails, NO_SIZE } from "~/catalogue/options";
import { EMBROIDERY_MESSAGE, embroideryProblem, isEmbroiderable } from "~/shared/embroidery";
import { z } from "zod";
import type { ProductImage } from "~/catalogue/types";
import { formatPence } from "~/pricing/money";
import {
  CUSTOM_TEXT_MAX,
  EMAIL_MAX,
  PERSON_NAME_MAX,
  PRINT_NAME_MESSAGE,
  ROSTER_NAME_MAX,
  TEAM_ADDRESS_MAX,
  TEAM_MINIMUM_MAX,
  TEAM_EXPECTED_SIZE_DEFAULT,
  TEAM_EXPECTED_SIZE_MAX,
  TEAM_NAME_MAX,
  TEAM_PRICE_MAX_PENCE,
  TEAM_DELIVERY_PRICE_MAX_PENCE,
  TEAM_PRODUCTS_MAX,
} from "~/shared/limits";
import { text } from "~/shared/text";
import { TOKEN_PATTERNS } from "~/shared/tokens";
import { formatLondonDate, londonClockTime } from "~/shared/london-time";
import type { Problem } from "~/shared/problems";

/**
 * Team orders' pure rules (X-TEAM-1..5), safe in the browser: what a team store is made of, the
 * closing sentence, a member's line at the team price, and the production sheet's grouping.
 */

/** "1 December 2026": a day in words, as a London calendar shows it. */
export const ukDateInWords = formatLondonDate;

/** "1 December 2026 at 18:00": the closing time for members and the organiser. */
export function ukDateTimeInWords(instant: Date): string {
  return `${formatLondonDate(instant)} at ${londonClockTime(instant)}`;
}

/** X-TEAM-4: the 409's sentence and the page's, once the store has closed, with the time of day
 *  (issue 41: "closed on 26 November 2026 at 14:05", UK time). */
export function closedSentence(closesAt: Date): string {
  return `This team order closed on ${ukDateTimeInWords(closesAt)}.`;
}

/** Whether members may still order: the store is open and its closing time has not come. */
export function isTakingOrders(team: { status: string; closesAt: Date }, now: Date): boolean {
  return team.status === "open" && now.getTime() < team.closesAt.getTime();
}

/** "2 days 3 hours", "5 hours 10 minutes", "Closed": the time left before closing. */
export function timeLeft(closesAt: Date, now: Date): string {
  const ms = closesAt.getTime() - now.getTime();
  if (ms <= 0) return "Closed";
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (days > 0) return `${unit(days, "day")} ${unit(hours, "hour")}`;
  if (hours > 0) return `${unit(hours, "hour")} ${unit(mins, "minute")}`;
  return unit(Math.max(mins, 1), "minute");
}

/** "Redcar BJJ: spring kit" → "redcar-bjj-spring-kit". */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "team";
}

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,70})$/;

/**
 * X-SEC-25, X-SEC-27: what a team's key looks like (the organiser's and the members': 32
 * base64url characters; a members' key given at the upgrade is 32 hex characters). Anything else
 * is never looked up.
 */
export const TEAM_KEY_PATTERN = TOKEN_PATTERNS.teamKey;

/**
 * X-SEC-16, X-SEC-25: what a roster or a member's entry puts into the shop's own e-mails is plain
 * text. A member's name is letters, spaces, apostrophes, hyphens and full stops; no name, print
 * name or note carries a web address ("evil.example", "www.", "https:"), an e-mail address or
 * markup.
 */
const PLAIN_NAME = /^[\p{L}\p{M}' .\u2019-]+$/u;
export const WEB_LIKE = /[\p{L}\p{N}]\.[\p{L}\p{N}]{2,}|:\/\/|www\.|[<>@]/iu;

/** A member's name as a roster or an entry gives it: a sentence for the problem, or undefined. */
export function rosterNameProblem(name: string): string | undefined {
  if (!name) return "give the member's name.";
  if (Array.from(name).length > ROSTER_NAME_MAX) {
    return `the name may be up to ${ROSTER_NAME_MAX} characters.`;
  }
  if (!PLAIN_NAME.test(name) || WEB_LIKE.test(name)) {
    return "write the member's name in letters only, without web addresses or numbers.";
  }
  return undefined;
}

/** X-SEC-25: a name to print never carries a web address; a sentence, or undefined. */
export function printNameProblem(printName: string | null | undefined): string | undefined {
  return printName && WEB_LIKE.test(printName)
    ? "write the name to print without web addresses or e-mail addresses."
    : undefined;
}

export const FIXED_TEXT_MESSAGE = `The team's text must be 1 to ${CUSTOM_TEXT_MAX} characters.`;

const chars = (value: string) => Array.from(value).length;

const instant = z
  .string({ error: "closesAt must be a date and time, e.g. 2026-12-01T18:00:00Z." })
  .refine((value) => !Number.isNaN(Date.parse(value)) && /T\d{2}:\d{2}/.test(value), {
    message: "closesAt must be a date and time, e.g. 2026-12-01T18:00:00Z.",
  })
  .transform((value) => new Date(value));

/** The body of POST /api/admin/teams (X-TEAM-1), exactly as issue 23 names it. */
export const EXPECTED_SIZE_MESSAGE = `The expected number of members must be a whole number from 1 to ${TEAM_EXPECTED_SIZE_MAX}, or empty for ${TEAM_EXPECTED_SIZE_DEFAULT}.`;

const DELIVERY_PRICE_MESSAGE =
  "The team's delivery price must be a whole number of pence from 0 (no charge).";

export const teamInputSchema = z.strictObject(
  {
    name: text({ error: "Give the team store a name." })
      .trim()
      .min(1, "Give the team store a name.")
      .max(TEAM_NAME_MAX, `The name may be up to ${TEAM_NAME_MAX} characters.`),
    organiserName: text({ error: "Give the organiser's name." })
      .trim()
      .min(1, "Give the organiser's name.")
      .max(PERSON_NAME_MAX, `The organiser's name may be up to ${PERSON_NAME_MAX} characters.`),
    organiserEmail: z
      .string({ error: "Give the organiser's e-mail address." })
      .trim()
      .max(EMAIL_MAX)
      .pipe(z.email("Please enter a valid e-mail address for the organiser.")),
    closesAt: instant,
    delivery: z.enum(["together", "individual"], {
      error: 'delivery must be "together" or "individual".',
    }),
    deliveryAddress: text({ multiline: true })
      .trim()
      .max(TEAM_ADDRESS_MAX, `The delivery address may be up to ${TEAM_ADDRESS_MAX} characters.`)
      .nullish()
      .transform((value) => value || null),
    /** Issue 41: what each member order delivered together pays for delivery (default £0). */
    deliveryPricePence: z
      .number({ error: DELIVERY_PRICE_MESSAGE })
      .int(DELIVERY_PRICE_MESSAGE)
      .min(0, DELIVERY_PRICE_MESSAGE)
      .max(
        TEAM_DELIVERY_PRICE_MAX_PENCE,
        `The team's delivery price may be at most ${formatPence(TEAM_DELIVERY_PRICE_MAX_PENCE)}.`,
      )
      .nullish()
      .transform((value) => value ?? 0),
    minimumItems: z
      .number({ error: "The minimum must be a whole number of items, or empty." })
      .int("The minimum must be a whole number of items, or empty.")
      .min(1, "The minimum must be at least 1 item, or empty.")
      .max(TEAM_MINIMUM_MAX, `The minimum may be at most ${TEAM_MINIMUM_MAX} items.`)
      .nullish()
      .transform((value) => value ?? null),
    /** X-SEC-16: how many members the owner expects; the roster invites at most this many. */
    expectedSize: z
      .number({ error: EXPECTED_SIZE_MESSAGE })
      .int(EXPECTED_SIZE_MESSAGE)
      .min(1, EXPECTED_SIZE_MESSAGE)
      .max(TEAM_EXPECTED_SIZE_MAX, EXPECTED_SIZE_MESSAGE)
      .nullish()
      .transform((value) => value ?? TEAM_EXPECTED_SIZE_DEFAULT),
    memberNames: z.boolean({ error: "memberNames must be true or false." }),
    /** X-TEAM-7: each member pays (the default), or the organiser pays once for everyone. */
    payment: z
      .enum(["members", "organiser"], { error: 'payment must be "members" or "organiser".' })
      .default("members"),
    fixedText: text({ error: FIXED_TEXT_MESSAGE })
      .trim()
      .refine((value) => chars(value) >= 1 && chars(value) <= CUSTOM_TEXT_MAX, FIXED_TEXT_MESSAGE)
      .refine(isEmbroiderable, EMBROIDERY_MESSAGE),
    products: z
      .array(
        z.strictObject({
          productId: z.string({ error: "Each product needs a productId." }).trim().min(1).max(80),
          optionType: z
            .string({ error: "Each product needs an optionType." })
            .trim()
            .min(1)
            .max(80),
          teamPricePence: z
            .number({ error: "Each team price must be a whole number of pence." })
            .int("Each team price must be a whole number of pence.")
            .min(0, "A team price cannot be below zero.")
            .max(
              TEAM_PRICE_MAX_PENCE,
              `A team price may be at most ${formatPence(TEAM_PRICE_MAX_PENCE)}.`,
            ),
        }),
        { error: "products must be a list of {productId, optionType, teamPricePence}." },
      )
      .min(1, "Offer at least one product.")
      .max(TEAM_PRODUCTS_MAX, `A team store may offer up to ${TEAM_PRODUCTS_MAX} products.`),
  },
  {
    error:
      "Unknown field; send name, organiserName, organiserEmail, closesAt, delivery, deliveryAddress, deliveryPricePence, minimumItems, expectedSize, memberNames, payment, fixedText, products.",
  },
);

export type TeamInput = z.output<typeof teamInputSchema>;

/** X-TEAM-7: POST /api/teams/:slug/entries, a member's choice and name with no card. */
export const teamEntrySchema = z.strictObject(
  {
    name: text({ error: "Give your name." })
      .trim()
      .min(1, "Give your name.")
      .max(PERSON_NAME_MAX, `Your name may be up to ${PERSON_NAME_MAX} characters.`),
    email: z
      .string({ error: "Give your e-mail address." })
      .trim()
      .max(EMAIL_MAX)
      .pipe(z.email("Please enter a valid e-mail address.")),
    productId: text({ error: "Choose a product." }).trim().min(1, "Choose a product.").max(80),
    optionType: text({ error: "Choose a product." }).trim().min(1, "Choose a product.").max(80),
    size: text({ error: "Choose a size." }).trim().min(1, "Choose a size.").max(40),
    beltRank: text()
      .trim()
      .max(40)
      .nullish()
      .transform((value) => value || undefined),
    color: text()
      .trim()
      .max(40)
      .nullish()
      .transform((value) => value || undefined),
    printName: text()
      .trim()
      .max(80, PRINT_NAME_MESSAGE)
      .nullish()
      .transform((value) => value || undefined),
  },
  {
    error:
      "Unknown field; send name, email, productId, optionType, size, beltRank, color, printName.",
  },
);

export type TeamEntryInput = z.output<typeof teamEntrySchema>;

/** The first zod issue as a sentence. */
export function firstTeamIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The team store is not valid.";
  if (issue.code === "unrecognized_keys") return `Unknown field ${issue.keys.join(", ")}.`;
  return issue.message;
}

/** Checks beyond the shape: a closing time to come, an address for `together` (the products
 *  offered are checked against the catalogue: teams.server.ts, offersProblem). */
export function teamInputProblem(input: TeamInput, now: Date): string | undefined {
  if (input.closesAt.getTime() <= now.getTime()) return "The closing time must be in the future.";
  if (input.delivery === "together" && !input.deliveryAddress) {
    return "Give the academy's delivery address for delivery together.";
  }
  if (input.delivery !== "together" && input.deliveryPricePence > 0) {
    return "A delivery price is for delivery together; members of an individual team choose their own delivery.";
  }
  return undefined;
}

/** One product option a team store offers at its price. */
export interface TeamOffer {
  productId: string;
  optionType: string;
  teamPricePence: number;
}

/** What the server needs of a team to price a member's line. */
export interface TeamForLine {
  slug: string;
  name: string;
  status: string;
  closesAt: Date;
  memberNames: boolean;
  fixedText: string;
  offers: readonly TeamOffer[];
  /** X-TEAM-7: "organiser" when members send entries and the organiser pays. */
  payment?: "members" | "organiser";
}

export type TeamLineCheck =
  { ok: true; unitPricePence: number; customText: string; printName?: string } | Problem;

/**
 * X-TEAM-2: a member's line of a team store, at the team price, carrying the team's fixed text
 * and the member's name; refused after closing (409 with the closing sentence), for a product or
 * option the team does not offer, or with a name over 20 characters or where names are not
 * taken (400).
 */
export function checkTeamLine(
  team: TeamForLine | undefined,
  line: { productId: string; productName?: string; optionType: string; printName?: string | null },
  now: Date,
): TeamLineCheck {
  if (!team) return { ok: false, kind: "invalid_input", message: "There is no such team order." };
  if (!isTakingOrders(team, now)) {
    return { ok: false, kind: "conflict", message: closedSentence(team.closesAt) };
  }
  if (team.payment === "organiser") {
    return {
      ok: false,
      kind: "conflict",
      message: ORGANISER_PAYS_SENTENCE(team.name),
    };
  }
  return checkTeamChoice(team, line);
}

/** X-TEAM-7: why a member of an organiser-paid team is not sent to a card payment. */
export const ORGANISER_PAYS_SENTENCE = (teamName: string) =>
  `${teamName} is paid for by the organiser: send your choice from the team page, no card needed.`;

/**
 * The choice itself (X-TEAM-2, X-TEAM-7), open or not: an option the team offers, at its price,
 * with its text and the member's name where the team prints names.
 */
export function checkTeamChoice(
  team: TeamForLine,
  line: { productId: string; productName?: string; optionType: string; printName?: string | null },
): TeamLineCheck {
  const offer = team.offers.find(
    (o) => o.productId === line.productId && o.optionType === line.optionType,
  );
  if (!offer) {
    return {
      ok: false,
      kind: "invalid_input",
      // Issue 53: the product's name where the caller has it, never its id.
      message: `${team.name} does not offer ${line.productName ?? "that product"} (${line.optionType}).`,
    };
  }
  const printName = line.printName?.trim() || undefined;
  if (printName && !team.memberNames) {
    return {
      ok: false,
      kind: "invalid_input",
      message: `${team.name} does not print members' names.`,
    };
  }
  if (printName && chars(printName) > CUSTOM_TEXT_MAX) {
    return { ok: false, kind: "invalid_input", message: PRINT_NAME_MESSAGE };
  }
  const stitched = embroideryProblem(printName);
  if (stitched) return { ok: false, kind: "invalid_input", message: stitched };
  return {
    ok: true,
    unitPricePence: offer.teamPricePence,
    customText: team.fixedText,
    ...(printName ? { printName } : {}),
  };
}

/** One person's line on the roster (X-TEAM-3, X-TEAM-5). */
export interface RosterEntry {
  memberName: string;
  email: string;
  productId: string;
  productName?: string;
  optionType: string;
  size: string;
  beltRank?: string | null;
  color?: string | null;
  printName: string | null;
  quantity?: number;
  orderNumber: string;
  status: string;
}

export interface SheetGroup {
  productId: string;
  productName: string;
  optionType: string;
  /** X-DAY-7: the colour and belt rank the maker makes it in (null when the option has none). */
  color: string | null;
  beltRank: string | null;
  size: string;
  quantity: number;
  /** Every name to print in this group, one per item, in roster order ("" when none). */
  names: string[];
}

/**
 * X-TEAM-5, X-DAY-7: the production sheet, grouped by product, option, colour, belt rank and
 * size, with every name to print, so a maker works down it: all of one product together, then
 * each option, each colour, each rank, each size, in the order each first appears on the roster.
 */
export function productionSheet(roster: readonly RosterEntry[]): SheetGroup[] {
  const groups = new Map<string, SheetGroup>();
  for (const entry of roster) {
    const color = entry.color ?? null;
    const beltRank = entry.beltRank ?? null;
    const key = [entry.productId, entry.optionType, color, beltRank, entry.size].join("\u0000");
    let group = groups.get(key);
    if (!group) {
      group = {
        productId: entry.productId,
        productName: entry.productName ?? entry.productId,
        optionType: entry.optionType,
        color,
        beltRank,
        size: entry.size,
        quantity: 0,
        names: [],
      };
      groups.set(key, group);
    }
    const quantity = entry.quantity ?? 1;
    group.quantity += quantity;
    for (let i = 0; i < quantity; i++) group.names.push(entry.printName ?? "");
  }
  const all = [...groups.values()];
  const firstSeen = (pick: (group: SheetGroup) => string) => {
    const values = [...new Set(all.map(pick))];
    return (group: SheetGroup) => values.indexOf(pick(group));
  };
  const levels = [
    firstSeen((g) => g.productId),
    firstSeen((g) => g.optionType),
    firstSeen((g) => g.color ?? ""),
    firstSeen((g) => g.beltRank ?? ""),
    firstSeen((g) => g.size),
  ];
  return all.sort((a, b) => {
    for (const level of levels) {
      const diff = level(a) - level(b);
      if (diff) return diff;
    }
    return 0;
  });
}

/** X-TEAM-3: how many items of each size, in the order sizes first appear. */
export function sizeCounts(roster: readonly RosterEntry[]): SizeCounts {
  // Issue 41: per product and option, so a gi's A2 and a rashguard's M never share one list.
  const groups = new Map<string, SizeCounts[number]>();
  for (const entry of roster) {
    const key = `${entry.productId}\u0000${entry.optionType}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        productName: entry.productName ?? entry.productId,
        optionType: entry.optionType,
        sizes: [],
      };
      groups.set(key, group);
    }
    const found = group.sizes.find((count) => count.size === entry.size);
    if (found) found.count += entry.quantity ?? 1;
    else group.sizes.push({ size: entry.size, count: entry.quantity ?? 1 });
  }
  return [...groups.values()];
}

/** The organiser's and owner's counts: per product and option, then per size (issue 41). */
export type SizeCounts = {
  productName: string;
  optionType: string;
  sizes: { size: string; count: number }[];
}[];

/** The value of one offer's checkbox on the owner's form: "productId|optionType". */
export const offerKey = (productId: string, optionType: string) => `${productId}|${optionType}`;

/** The public view of a team store (X-TEAM-2), exactly as issue 23 names its fields. */
export interface PublicTeam {
  name: string;
  closesAt: string;
  open: boolean;
  fixedText: string;
  memberNames: boolean;
  delivery: "together" | "individual";
  products: {
    productId: string;
    name: string;
    optionType: string;
    teamPricePence: number;
    sizes: string[];
    /** Issue 41: the product's first picture. */
    image?: Pick<ProductImage, "src" | "alt" | "rotation">;
    beltRanks?: string[];
    colors?: string[];
  }[];
}

/** A member's prefilled choice (from a roster link, X-TEAM-3). */
export interface TeamChoicePrefill {
  productId: string;
  optionType: string;
  size?: string;
  beltRank?: string;
  color?: string;
  printName?: string;
}

/** "Rashguard, Size: M, Belt rank: Blue, Name to print: ANA": a member's choice in words, as
 *  every other place describes a line (X-DAY-7, `choiceDetails`). */
export function formatChoice(choice: TeamChoicePrefill): string {
  return choiceDetails({ ...choice, size: choice.size ?? NO_SIZE }).join(", ");
}

/** Issue 41: a together team's delivery as members read it, at the team's own price. */
export function teamDeliveryCharge(pricePence: number): string {
  return pricePence > 0 ? `delivery ${formatPence(pricePence)} per order` : "no delivery charge";
}

/** A team page's form's id (issue 56): its fields are `<id>-size`, `<id>-email`, …. */
export const teamFormId = (productId: string, optionType: string) =>
  `${productId}-${optionType}`.replace(/[^a-zA-Z0-9-]/g, "-");

/** The team page's form fields in the order it shows them (the error summary lists them so). */
export const TEAM_FORM_FIELDS = [
  "name",
  "email",
  "size",
  "beltRank",
  "color",
  "printName",
] as const;

/**
 * A member's choice of one offered option, every wrong field at once (issue 56, X-A11Y-10), in
 * the form's order: the name (an entry's, X-SEC-25), the name to print, the size, the belt rank
 * and the colour the option has. One place for these sentences: an entry's refusal
 * (entries.server.ts) is the first of them, the team page names each at its field.
 */
export function memberChoiceProblems(
  option: {
    sizes: readonly string[];
    beltRanks?: readonly string[] | null;
    colors?: readonly string[] | null;
  },
  productName: string,
  choice: {
    /** The member's own name: an entry's only (undefined: not asked). */
    name?: string;
    printName?: string | null;
    size: string;
    beltRank?: string | null;
    color?: string | null;
  },
): Partial<Record<(typeof TEAM_FORM_FIELDS)[number], string>> {
  const problems: Partial<Record<(typeof TEAM_FORM_FIELDS)[number], string>> = {};
  const nameProblem = choice.name === undefined ? undefined : rosterNameProblem(choice.name);
  if (nameProblem) problems.name = `Your name: ${nameProblem}`;
  const printProblem = printNameProblem(choice.printName);
  if (printProblem) problems.printName = `The name to print: ${printProblem}`;
  if (!option.sizes.includes(choice.size)) {
    problems.size = `Choose one of the sizes: ${option.sizes.join(", ")}.`;
  }
  if (option.beltRanks) {
    if (!choice.beltRank || !option.beltRanks.includes(choice.beltRank)) {
      problems.beltRank = `Choose a belt rank: ${option.beltRanks.join(", ")}.`;
    }
  } else if (choice.beltRank) {
    problems.beltRank = `${productName} has no belt ranks.`;
  }
  if (option.colors) {
    if (!choice.color || !option.colors.includes(choice.color)) {
      problems.color = `Choose a colour: ${option.colors.join(", ")}.`;
    }
  } else if (choice.color) {
    problems.color = `${productName} has no colours to choose.`;
  }
  return problems;
}
