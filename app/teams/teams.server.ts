import { randomBytes } from "node:crypto";
import { TEAM_WORDS } from "./labels";
import { asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { FulfilmentStatus, PaymentStatus } from "~/orders/order-types";
import { paidTeamCounts, teamOrderLines } from "~/orders/team-orders.server";
import { teamProducts, teams } from "./schema";
import { paidSql } from "~/orders/states.server";
import { legacyStatus } from "~/orders/status";
import { enqueueMail } from "~/mail/outbox.server";
import { recordAudit } from "~/security/audit.server";
import { canonicalOrigin, type OriginSettings } from "~/security/origin.server";
import { created, problem, type Result } from "~/shared/problems";
import type { Catalogue } from "~/catalogue/catalogue";
import { formatPence } from "~/pricing/money";
import { entriesTotal, listEntries } from "./entries.server";
import { hashKey, isEntryKey, isOrganiserKey, newTeamKey } from "./keys.server";
export type { PublicTeam } from "./rules";
import {
  firstTeamIssue,
  isTakingOrders,
  type PublicTeam,
  type RosterEntry,
  SLUG_PATTERN,
  slugify,
  type TeamForLine,
  type TeamOffer,
  teamInputProblem,
  teamInputSchema,
  ukDateTimeInWords,
} from "./rules";

/** Team stores (X-TEAM-1..3): made by the owner, read by members, the organiser and the owner. */

export type TeamRow = typeof teams.$inferSelect;

export const teamPath = (slug: string) => `/team/${slug}`;
export const organiserPath = (slug: string, key: string) =>
  `/team/${slug}/organiser?key=${encodeURIComponent(key)}`;
/** X-SEC-25: the link the organiser shares with members of a store the academy pays for. */
export const memberPath = (slug: string, key: string) =>
  `/team/${slug}?key=${encodeURIComponent(key)}`;

export interface TeamJson {
  slug: string;
  name: string;
  organiserName: string;
  organiserEmail: string;
  closesAt: string;
  open: boolean;
  status: string;
  delivery: "together" | "individual";
  deliveryAddress: string | null;
  /** Issue 41: what each member order delivered together pays for delivery. */
  deliveryPricePence: number;
  /** Issue 41: the owner's note to members. */
  note: string | null;
  minimumItems: number | null;
  expectedSize: number;
  memberNames: boolean;
  /** X-TEAM-7: "members" pay each, or the "organiser" pays once for every entry. */
  payment: "members" | "organiser";
  fixedText: string;
  summarySentAt: string | null;
  createdAt: string;
  url: string;
  /**
   * X-SEC-25: the link members use: with the members' key when the academy pays (an entry needs
   * it), else the store's own link.
   */
  memberUrl: string;
  products: (TeamOffer & { name: string })[];
}

/** X-SEC-25: the members' link of a team, as its JSON and the organiser's page give it. */
export function memberUrlOf(
  row: Pick<TeamRow, "slug" | "payment" | "memberKey">,
  settings: OriginSettings,
) {
  const origin = canonicalOrigin(settings);
  return row.payment === "organiser"
    ? `${origin}${memberPath(row.slug, row.memberKey)}`
    : `${origin}${teamPath(row.slug)}`;
}

function teamJson(
  row: TeamRow,
  offers: readonly TeamOffer[],
  settings: OriginSettings,
  now: Date,
  catalogue?: Catalogue,
): TeamJson {
  return {
    slug: row.slug,
    name: row.name,
    organiserName: row.organiserName,
    organiserEmail: row.organiserEmail,
    closesAt: row.closesAt.toISOString(),
    open: isTakingOrders(row, now),
    status: row.status,
    delivery: row.delivery,
    deliveryAddress: row.deliveryAddress,
    deliveryPricePence: row.deliveryPricePence,
    note: row.note,
    minimumItems: row.minimumItems,
    expectedSize: row.expectedSize,
    memberNames: row.memberNames,
    payment: row.payment,
    fixedText: row.fixedText,
    summarySentAt: row.summarySentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    url: `${canonicalOrigin(settings)}${teamPath(row.slug)}`,
    memberUrl: memberUrlOf(row, settings),
    products: offers.map((offer) => ({
      ...offer,
      name: catalogue?.all.get(offer.productId)?.name ?? offer.productId,
    })),
  };
}

async function offersOf(db: Database, teamIds: readonly string[]) {
  if (teamIds.length === 0) return new Map<string, TeamOffer[]>();
  const rows = await db
    .select()
    .from(teamProducts)
    .where(inArray(teamProducts.teamId, [...teamIds]))
    .orderBy(asc(teamProducts.position));
  const byTeam = new Map<string, TeamOffer[]>();
  for (const row of rows) {
    const list = byTeam.get(row.teamId) ?? [];
    list.push({
      productId: row.productId,
      optionType: row.optionType,
      teamPricePence: row.teamPricePence,
    });
    byTeam.set(row.teamId, list);
  }
  return byTeam;
}

/** The team named by `slug`; a slug that could not be one (a NUL, any odd character) is never
 *  looked up (X-SEC-18), so it is the same 404 as an unknown team. */
export async function findTeam(db: Database, slug: string) {
  if (!SLUG_PATTERN.test(slug)) return undefined;
  const [row] = await db.select().from(teams).where(eq(teams.slug, slug)).limit(1);
  if (!row) return undefined;
  const offers = (await offersOf(db, [row.id])).get(row.id) ?? [];
  return { row, offers };
}

/** What the checkout needs of the teams named by a cart's lines (X-TEAM-2). */
export async function teamsForLines(
  db: Database,
  slugs: readonly string[],
): Promise<
  Map<
    string,
    TeamForLine & {
      delivery: "together" | "individual";
      deliveryAddress: string | null;
      deliveryPricePence: number;
    }
  >
> {
  const found = new Map<
    string,
    TeamForLine & {
      delivery: "together" | "individual";
      deliveryAddress: string | null;
      deliveryPricePence: number;
    }
  >();
  for (const slug of new Set(slugs)) {
    const team = await findTeam(db, slug);
    if (team) found.set(slug, { ...team.row, offers: team.offers });
  }
  return found;
}

/** A sentence when an offered product or option is not one the shop sells now, or is offered
 *  twice; undefined if all are well. */
export function offersProblem(
  catalogue: Catalogue,
  offers: readonly { productId: string; optionType: string }[],
): string | undefined {
  const seen = new Set<string>();
  for (const offer of offers) {
    const product = catalogue.all.get(offer.productId);
    if (!product || product.status !== "active") {
      return `We don't sell a product called "${offer.productId}".`;
    }
    if (!product.options.some((o) => o.type === offer.optionType)) {
      return `${product.name} has no option called "${offer.optionType}".`;
    }
    // Named as the owner knows it (issue 53: product names, never ids, where a person reads).
    const key = `${offer.productId}\u0000${offer.optionType}`;
    if (seen.has(key)) return `${product.name} (${offer.optionType}) is offered twice.`;
    seen.add(key);
  }
  return undefined;
}

/** POST /api/admin/teams and the owner's form (X-TEAM-1): 201 with the links. */
export async function createTeam(
  db: Database,
  catalogue: Catalogue,
  body: unknown,
  ownerEmail: string,
  settings: OriginSettings,
  now: Date,
): Promise<Result<TeamJson & { organiserUrl: string }>> {
  const parsed = teamInputSchema.safeParse(body);
  if (!parsed.success) return problem("invalid_input", firstTeamIssue(parsed.error));
  const input = parsed.data;
  const inputProblem = teamInputProblem(input, now);
  if (inputProblem) return problem("invalid_input", inputProblem);
  const offerProblem = offersProblem(catalogue, input.products);
  if (offerProblem) return problem("invalid_input", offerProblem);
  const key = newTeamKey();
  const memberKey = newTeamKey();
  const base = slugify(input.name);
  const origin = canonicalOrigin(settings);
  return db.transaction(async (tx) => {
    let row: TeamRow | undefined;
    for (let attempt = 1; !row && attempt <= 50; attempt++) {
      const slug =
        attempt === 1
          ? base
          : attempt <= 20
            ? `${base}-${attempt}`
            : `${base}-${randomBytes(3).toString("hex")}`;
      [row] = await tx
        .insert(teams)
        .values({
          slug,
          name: input.name,
          organiserName: input.organiserName,
          organiserEmail: input.organiserEmail,
          organiserKeyHash: hashKey(key),
          memberKey,
          closesAt: input.closesAt,
          delivery: input.delivery,
          deliveryAddress: input.deliveryAddress,
          deliveryPricePence: input.delivery === "together" ? input.deliveryPricePence : 0,
          minimumItems: input.minimumItems,
          expectedSize: input.expectedSize,
          memberNames: input.memberNames,
          payment: input.payment,
          fixedText: input.fixedText,
        })
        .onConflictDoNothing({ target: teams.slug })
        .returning();
    }
    if (!row)
      return problem("conflict", "Choose another name: too many team stores have this one.");
    await tx
      .insert(teamProducts)
      .values(input.products.map((offer, position) => ({ teamId: row.id, position, ...offer })));
    const url = memberUrlOf(row, settings);
    const organiserUrl = `${origin}${organiserPath(row.slug, key)}`;
    const lines = input.products.map((offer) => {
      const name = catalogue.all.get(offer.productId)?.name ?? offer.productId;
      return `- ${name} (${offer.optionType}): ${formatPence(offer.teamPricePence)}`;
    });
    await enqueueMail(
      tx,
      {
        to: row.organiserEmail,
        subject: `Your team order is open: ${row.name}`,
        text: [
          `Hello ${row.organiserName},`,
          "",
          `The team store "${row.name}" is open until ${ukDateTimeInWords(row.closesAt)} (UK time).`,
          "",
          // X-DAY-11: by who pays.
          TEAM_WORDS[row.payment].openingLink,
          url,
          "",
          TEAM_WORDS[row.payment].organiserPage,
          organiserUrl,
          "",
          `Printed on every item: ${row.fixedText}`,
          ...lines,
          "",
          "GRIP TRUTH",
        ].join("\n"),
      },
      { dedupeKey: `team-open:${row.id}`, kind: "team-open", ref: row.id },
    );
    await recordAudit(tx, {
      actor: ownerEmail,
      action: "team.create",
      subject: `team:${row.slug}`,
      after: { name: row.name, closesAt: row.closesAt.toISOString(), delivery: row.delivery },
    });
    return created({ ...teamJson(row, input.products, settings, now, catalogue), organiserUrl });
  });
}

/** GET /api/admin/teams: every team store, newest first, with its paid order count. */
export async function listTeams(
  db: Database,
  settings: OriginSettings,
  now: Date,
  catalogue?: Catalogue,
) {
  const rows = await db.select().from(teams).orderBy(desc(teams.createdAt));
  const offers = await offersOf(
    db,
    rows.map((r) => r.id),
  );
  const counts = await paidTeamCounts(db);
  const bySlug = new Map(counts.map((c) => [c.slug, c]));
  return rows.map((row) => ({
    ...teamJson(row, offers.get(row.id) ?? [], settings, now, catalogue),
    paidOrders: bySlug.get(row.slug)?.orders ?? 0,
    paidItems: bySlug.get(row.slug)?.items ?? 0,
  }));
}

export interface TeamOrderJson {
  orderNumber: string;
  status: string;
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  email: string | null;
  memberName: string;
  totalPence: number;
  paidAt: string | null;
}

/** The team's member orders (every order with a team line, past its checkout) and its roster. */
export async function teamOrdersAndRoster(
  db: Database,
  slug: string,
  /** Which member orders: paid ones (X-ORD-2) unless a caller needs others. */
  which: SQL = paidSql(),
): Promise<{ orders: TeamOrderJson[]; roster: RosterEntry[] }> {
  const rows = await teamOrderLines(db, slug, which);
  const memberName = (row: (typeof rows)[number]) =>
    row.address ? `${row.address.firstName} ${row.address.lastName}`.trim() : (row.email ?? "");
  const byOrder = new Map<string, TeamOrderJson>();
  for (const row of rows) {
    if (byOrder.has(row.orderId)) continue;
    byOrder.set(row.orderId, {
      orderNumber: row.orderNumber,
      status: legacyStatus(row),
      paymentStatus: row.paymentStatus,
      fulfilmentStatus: row.fulfilmentStatus,
      email: row.email,
      memberName: memberName(row),
      totalPence: row.totalPence,
      paidAt: row.paidAt?.toISOString() ?? null,
    });
  }
  return {
    orders: [...byOrder.values()],
    roster: rows.map((row) => ({
      // X-TEAM-7: a line the organiser paid for names its member.
      memberName: row.lineMember ?? memberName(row),
      email: row.email ?? "",
      productId: row.productId,
      productName: row.productName,
      optionType: row.optionType,
      size: row.size,
      beltRank: row.beltRank,
      color: row.color,
      printName: row.printName,
      quantity: row.quantity,
      orderNumber: row.orderNumber,
      status: legacyStatus(row),
    })),
  };
}

/** GET /api/admin/teams/:slug (X-TEAM-1): the team, its orders and roster. */
export async function teamDetail(
  db: Database,
  slug: string,
  settings: OriginSettings,
  now: Date,
  catalogue?: Catalogue,
) {
  const team = await findTeam(db, slug);
  if (!team) return undefined;
  const { orders: teamOrders, roster } = await teamOrdersAndRoster(db, slug);
  return {
    ...teamJson(team.row, team.offers, settings, now, catalogue),
    orders: teamOrders,
    // X-TEAM-7: members' entries waiting for (or paid by) the organiser, beside the roster.
    entries: await listEntries(db, team.row, team.offers, catalogue),
    roster: roster.map((entry) => ({
      memberName: entry.memberName,
      email: entry.email,
      productId: entry.productId,
      optionType: entry.optionType,
      size: entry.size,
      printName: entry.printName,
      orderNumber: entry.orderNumber,
      status: entry.status,
      productName: entry.productName,
      beltRank: entry.beltRank ?? null,
      color: entry.color ?? null,
      quantity: entry.quantity ?? 1,
    })),
  };
}

export type TeamDetail = NonNullable<Awaited<ReturnType<typeof teamDetail>>>;

/** GET /api/teams/:slug: the store as members see it; undefined when there is none. */
export async function publicTeam(
  db: Database,
  catalogue: Catalogue,
  slug: string,
  now: Date,
): Promise<
  | (PublicTeam & {
      slug: string;
      status: string;
      payment: "members" | "organiser";
      deliveryAddress: string | null;
      deliveryPricePence: number;
      note: string | null;
    })
  | undefined
> {
  const team = await findTeam(db, slug);
  if (!team || team.row.status === "cancelled") return undefined;
  const products: PublicTeam["products"] = [];
  for (const offer of team.offers) {
    const product = catalogue.all.get(offer.productId);
    const option = product?.options.find((o) => o.type === offer.optionType);
    if (!product || product.status !== "active" || !option) continue;
    products.push({
      productId: product.id,
      name: product.name,
      optionType: option.type,
      teamPricePence: offer.teamPricePence,
      sizes: [...option.sizes],
      ...(product.images[0]
        ? {
            image: {
              src: product.images[0].src,
              alt: product.images[0].alt,
              rotation: product.images[0].rotation,
            },
          }
        : {}),
      ...(option.beltRanks ? { beltRanks: [...option.beltRanks] } : {}),
      ...(option.colors ? { colors: [...option.colors] } : {}),
    });
  }
  return {
    slug: team.row.slug,
    status: team.row.status,
    name: team.row.name,
    closesAt: team.row.closesAt.toISOString(),
    open: isTakingOrders(team.row, now),
    fixedText: team.row.fixedText,
    memberNames: team.row.memberNames,
    delivery: team.row.delivery,
    deliveryAddress: team.row.delivery === "together" ? team.row.deliveryAddress : null,
    deliveryPricePence: team.row.delivery === "together" ? team.row.deliveryPricePence : 0,
    note: team.row.note,
    payment: team.row.payment,
    products,
  };
}

/** X-SEC-25: whether `key` (from the members' link) lets its holder send an entry to the team. */
export async function isMembersKey(db: Database, slug: string, key: string | null) {
  const team = await findTeam(db, slug);
  return Boolean(team && isEntryKey(team.row, key));
}

/** X-TEAM-3: the team when `key` is its organiser's key; undefined otherwise (a 404). */
export async function teamForOrganiser(db: Database, slug: string, key: string | null) {
  if (!key || key.length > 200) return undefined;
  const team = await findTeam(db, slug);
  if (!team || !isOrganiserKey(team.row, key)) return undefined;
  return team;
}

/** X-TEAM-3: what the organiser's page shows: the paid roster, counts per size, the total. */
export async function organiserView(
  db: Database,
  slug: string,
  key: string | null,
  now: Date,
  catalogue?: Catalogue,
) {
  const team = await teamForOrganiser(db, slug, key);
  if (!team) return undefined;
  // X-TEAM-7: the entries the organiser pays for, and what is left to pay.
  const entries =
    team.row.payment === "organiser" ? await listEntries(db, team.row, team.offers, catalogue) : [];
  const toPay = entries.filter((entry) => entry.state === "to_pay");
  const { orders: paidOrders, roster } = await teamOrdersAndRoster(db, slug);
  const items = roster.reduce((sum, entry) => sum + (entry.quantity ?? 1), 0);
  return {
    slug: team.row.slug,
    name: team.row.name,
    status: team.row.status,
    open: isTakingOrders(team.row, now),
    closesAt: team.row.closesAt.toISOString(),
    minimumItems: team.row.minimumItems,
    fixedText: team.row.fixedText,
    memberNames: team.row.memberNames,
    payment: team.row.payment,
    /** X-SEC-25: the members' link to share (its path), where the academy pays. */
    memberPath:
      team.row.payment === "organiser" ? memberPath(team.row.slug, team.row.memberKey) : null,
    entries,
    toPayCount: toPay.length,
    toPayPence: entriesTotal(toPay),
    offers: team.offers,
    roster,
    orders: paidOrders.length,
    items,
    totalPence: paidOrders.reduce((sum, order) => sum + order.totalPence, 0),
  };
}

export type OrganiserView = NonNullable<Awaited<ReturnType<typeof organiserView>>>;
