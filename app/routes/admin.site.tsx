import { Form } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import {
  createPromotion,
  deletePromotion,
  listPromotions,
  readSite,
  saveSite,
} from "~/catalogue/editing/site.server";
import { fromLondonLocal } from "~/shared/london-time";
import { saleDates } from "~/shared/sale-dates";
import { clockFrom, dbFrom } from "~/db/context.server";
import { pageEndpoint, refuse, success } from "~/security/edge.server";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { Button } from "~/ui/Button";
import { Field, SelectField, TextAreaField } from "~/ui/Field";
import { HOME_LIMITS } from "~/catalogue/home-blocks";
import type { HomeBlocks } from "~/catalogue/types";
import type { Route } from "./+types/admin.site";
import { BODY_LIMITS } from "~/shared/limits";

export const meta = () => [{ title: "Banner, hero and sales | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const db = dbFrom(context);
  return {
    site: await readSite(db),
    promotions: await listPromotions(db),
    now: clockFrom(context).now().toISOString(),
  };
}

/** The home page's blocks from the form (X-OWN-4): a tile whose title is left empty is removed. */
function homeBlocksFromForm(body: FormData) {
  const field = (name: string) => String(body.get(name) ?? "");
  const tiles = [];
  for (let i = 0; i < HOME_LIMITS.tiles; i++) {
    if (!field(`tile${i}-title`).trim()) continue;
    tiles.push({
      eyebrow: field(`tile${i}-eyebrow`),
      title: field(`tile${i}-title`),
      text: field(`tile${i}-text`),
      cta: field(`tile${i}-cta`),
      link: field(`tile${i}-link`),
      productId: field(`tile${i}-productId`),
      tone: field(`tile${i}-tone`),
    });
  }
  return {
    heroCta: field("heroCta"),
    heroLink: field("heroLink"),
    heroProductIds: field("heroProductIds")
      .split(/[\s,]+/)
      .filter(Boolean),
    tiles,
  };
}

/** A UK time from the form as an ISO instant; "" stays empty, anything else is refused. */
function londonTime(value: FormDataEntryValue | null): string | null | "bad" {
  const text = String(value ?? "").trim();
  if (!text) return null;
  return fromLondonLocal(text)?.toISOString() ?? "bad";
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.form },
    noStore: true,
  },
  async ({ db, body, owner }) => {
    const intent = body.get("intent");
    if (intent === "site") {
      const saved = await saveSite(
        db,
        {
          bannerText: String(body.get("bannerText") ?? ""),
          heroHeading: String(body.get("heroHeading") ?? ""),
          heroText: String(body.get("heroText") ?? ""),
        },
        owner!.email,
      );
      return saved.ok ? success({ message: "The banner and hero are saved." }) : saved;
    }
    if (intent === "home") {
      const saved = await saveSite(db, { home: homeBlocksFromForm(body) }, owner!.email);
      return saved.ok ? success({ message: "The home page's blocks are saved." }) : saved;
    }
    if (intent === "end") {
      const ended = await deletePromotion(db, String(body.get("id") ?? ""), owner!.email);
      return ended.ok ? success({ message: "The sale has ended." }) : ended;
    }
    const startsAt = londonTime(body.get("startsAt"));
    const endsAt = londonTime(body.get("endsAt"));
    if (startsAt === "bad" || endsAt === "bad")
      return refuse(400, "Choose the dates from the calendar.");
    const created = await createPromotion(
      db,
      {
        name: String(body.get("name") ?? ""),
        percent: Number(body.get("percent")),
        startsAt,
        endsAt,
      },
      owner!.email,
    );
    return created.ok ? success({ message: `${created.data.name} is set.` }, 201) : created;
  },
);

/** Every block of the home page (X-OWN-4): the hero's button and pictures, and the tiles. */
function HomeBlocksForm({ home }: { home: HomeBlocks }) {
  const slots = Array.from({ length: HOME_LIMITS.tiles }, (_, i) => home.tiles[i] ?? null);
  return (
    <Form
      method="post"
      className="space-y-4 rounded-lg bg-white p-5 ring-1 ring-black/5"
      aria-labelledby="home-blocks"
    >
      <h2 id="home-blocks" className="font-display text-xl font-bold uppercase">
        Home page blocks
      </h2>
      <p className="text-sm text-muted">
        Everything on the home page is yours to word: say only what is true (a sale only while one
        runs). Links are paths of the shop, like /mens; pictures are product ids, like
        premium-gym-bag.
      </p>
      <input type="hidden" name="intent" value="home" />
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Hero button" name="heroCta" defaultValue={home.heroCta} required />
        <Field label="Hero button links to" name="heroLink" defaultValue={home.heroLink} required />
        <Field
          label="Hero pictures (product ids)"
          name="heroProductIds"
          defaultValue={home.heroProductIds.join(", ")}
          hint="Up to two, separated by commas."
        />
      </div>
      {slots.map((tile, i) => (
        <fieldset key={i} className="grid gap-3 rounded border border-stone p-3 sm:grid-cols-2">
          <legend className="px-1 font-semibold">Tile {i + 1}</legend>
          <Field label="Small heading" name={`tile${i}-eyebrow`} defaultValue={tile?.eyebrow} />
          <Field
            label="Title"
            name={`tile${i}-title`}
            defaultValue={tile?.title}
            hint="Leave empty to remove the tile."
          />
          <TextAreaField
            label="Text"
            name={`tile${i}-text`}
            rows={2}
            defaultValue={tile?.text}
            className="sm:col-span-2"
          />
          <Field label="Button" name={`tile${i}-cta`} defaultValue={tile?.cta} />
          <Field label="Button links to" name={`tile${i}-link`} defaultValue={tile?.link} />
          <Field
            label="Picture (product id)"
            name={`tile${i}-productId`}
            defaultValue={tile?.productId ?? ""}
          />
          <SelectField label="Colour" name={`tile${i}-tone`} defaultValue={tile?.tone ?? "light"}>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
            <option value="accent">Accent</option>
          </SelectField>
        </fieldset>
      ))}
      <Button>Save the home page blocks</Button>
    </Form>
  );
}

/** /admin/site (X-CAT-5, X-OWN-4): the banner, the home page and the automatic sales. */
export default function AdminSite({ loaderData, actionData }: Route.ComponentProps) {
  const { site, promotions, now } = loaderData;
  const instant = (iso: string | null) => (iso ? new Date(iso) : null);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <h1 className="font-display text-3xl font-bold uppercase">Banner, hero and sales</h1>
      <ActionOutcome outcome={actionData} />
      <Form method="post" className="space-y-4 rounded-lg bg-white p-5 ring-1 ring-black/5">
        <h2 className="font-display text-xl font-bold uppercase">The shop's words</h2>
        <input type="hidden" name="intent" value="site" />
        <Field
          label="Banner"
          name="bannerText"
          defaultValue={site.bannerText}
          hint="The strip across the top of every page; empty to hide it."
        />
        <Field label="Home page heading" name="heroHeading" defaultValue={site.heroHeading} />
        <TextAreaField
          label="Home page text"
          name="heroText"
          rows={3}
          defaultValue={site.heroText}
        />
        <Button>Save the banner and hero</Button>
      </Form>
      <HomeBlocksForm home={site.home} />
      <section
        className="space-y-4 rounded-lg bg-white p-5 ring-1 ring-black/5"
        aria-labelledby="sales"
      >
        <h2 id="sales" className="font-display text-xl font-bold uppercase">
          Automatic sales
        </h2>
        <p className="text-sm text-muted">
          A percentage off every full-price line (a line already reduced keeps its price) while the
          sale runs; a discount code applies after it. Times are UK time.
        </p>
        {promotions.length === 0 ? <p>No sale is set.</p> : null}
        <ul className="divide-y divide-stone" aria-label="Sales">
          {promotions.map((promotion) => (
            <li
              key={promotion.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <span>
                <strong>{promotion.name}</strong>: {promotion.percent}% off.{" "}
                {saleDates(instant(promotion.startsAt), instant(promotion.endsAt), new Date(now))}.
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="id" value={promotion.id} />
                <Button variant="secondary" aria-label={`End ${promotion.name}`}>
                  End sale
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <Field label="Sale name" name="name" required />
          <Field label="Percent off" name="percent" type="number" min={1} max={90} required />
          <Field label="Starts (optional)" name="startsAt" type="datetime-local" />
          <Field label="Ends (optional)" name="endsAt" type="datetime-local" />
          <div className="sm:col-span-2">
            <Button>Start the sale</Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
