import { Form, Link } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { dbFrom, settingsFrom } from "~/db/context.server";
import { serviceSettingsFrom } from "~/security/service-settings.server";
import { demoContent, launchChecklist, removeDemoContent } from "~/flows/back-office/launch.server";
import { LaunchChecklist } from "~/flows/back-office/LaunchChecklist";
import { pageEndpoint, success } from "~/security/edge.server";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { Button } from "~/ui/Button";
import { BODY_LIMITS } from "~/shared/limits";
import type { Route } from "./+types/admin.launch";

export const meta = () => [{ title: "Going live | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const db = dbFrom(context);
  const [launch, demo] = await Promise.all([
    launchChecklist(db, settingsFrom(context), serviceSettingsFrom(context)),
    demoContent(db),
  ]);
  return { ...launch, demo };
}

/** "Remove demo content", after the confirm step (X-TRUE-3). */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.flag },
    noStore: true,
  },
  async ({ db, owner }) => {
    const removed = await removeDemoContent(db, owner!.email);
    return removed.ok ? success({ message: removed.data.message }) : removed;
  },
);

/** /admin/launch (X-TRUE-3): what is left before opening, and removing the demo content. */
export default function AdminLaunch({ loaderData, actionData }: Route.ComponentProps) {
  // Issue 53: the answer to "Remove demo content" is the page's truth at once: the checklist and
  // the section say it is done even before (or without) the loader's next read.
  const removedNow = Boolean(
    actionData && typeof actionData === "object" && "message" in actionData,
  );
  const items = loaderData.items.map((item) =>
    item.id === "demo-content" && removedNow ? { ...item, done: true } : item,
  );
  const done = items.every((item) => item.done);
  const { demo } = loaderData;
  const demoItem = items.find((item) => item.id === "demo-content");
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <h1 className="font-display text-3xl font-bold uppercase">Going live</h1>
      <ActionOutcome outcome={actionData} />
      {done ? <p role="status">Everything on the launch checklist is done.</p> : null}
      <div className="-mx-4">
        <LaunchChecklist items={items} />
      </div>
      <section className="space-y-3 rounded-lg bg-white p-5 ring-1 ring-black/5">
        <h2 id="public-address" className="font-display text-xl font-bold uppercase">
          Public address and payments
        </h2>
        <p>
          These two are set where the shop is started, not here: <code>PUBLIC_URL</code> (the
          address customers use, e.g. https://griptruth.co.uk) and{" "}
          <code id="real-payments">PAYMENTS=stripe</code> with <code>STRIPE_SECRET_KEY</code> and{" "}
          <code>STRIPE_WEBHOOK_SECRET</code>. The README&apos;s &ldquo;Running it for real&rdquo;
          says how; restart the shop after changing them.
        </p>
        <p>
          Seller, delivery and returns:{" "}
          <Link to="/admin/settings" className="font-semibold underline">
            Shop settings
          </Link>
          .
        </p>
      </section>
      <section
        aria-labelledby="demo-title"
        className="space-y-3 rounded-lg bg-white p-5 ring-1 ring-black/5"
      >
        <h2 id="demo-title" className="font-display text-xl font-bold uppercase">
          Remove demo content
        </h2>
        {demoItem?.done ? (
          <p>The demo content has been removed.</p>
        ) : (
          <>
            <p>This will:</p>
            <ul className="list-disc pl-6" data-testid="demo-plan">
              <li>
                {demo.codesArchived.length
                  ? `archive the discount codes ${demo.codesArchived.join(" and ")} (unlimited, and they stack with sales)`
                  : "archive no codes (the demo codes are gone already)"}
                ;
              </li>
              <li>
                clear {demo.pricesCleared.length} struck-through &ldquo;was&rdquo; prices the shop
                never charged;
              </li>
              <li>
                {demo.bannerCleared || demo.heroReplaced
                  ? "take the opening-sale banner and the “20% off site wide” home heading away"
                  : "leave the banner and home page words as you wrote them"}
                ;
              </li>
              <li>
                {demo.tilesRemoved.length
                  ? `take the home page's sale tile away (${demo.tilesRemoved.join(", ")})`
                  : "leave the home page's tiles as they are (none claims a sale)"}
                ; from then on no banner, heading, tile or page description advertises a sale that
                is not running.
              </li>
            </ul>
            <Form method="post">
              <Button>Yes, remove the demo content</Button>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
