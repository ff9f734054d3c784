import { Form, NavLink, Outlet, useLocation } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { ADMIN_SECTIONS } from "~/flows/back-office/navigation";
import { Button } from "~/ui/Button";
import { Wordmark } from "~/components/Wordmark";
import { dbFrom } from "~/db/context.server";
import { countAwaitingReturns } from "~/returns/requests.server";
import { countUnhandledEnquiries } from "~/enquiries/admin.server";
import type { Route } from "./+types/admin.layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  const owner = await requireOwner(request, "page", context);
  const badges: Record<string, number> = {
    returns: await countAwaitingReturns(db),
    enquiries: await countUnhandledEnquiries(db),
  };
  return { ownerEmail: owner.email, badges };
}

/** Owner pages are private: never kept by a browser or proxy cache. */
export const headers = () => ({ "Cache-Control": "no-store" });

export const meta = () => [{ name: "robots", content: "noindex" }];

/** The back office's shell: its own header and navigation, nothing of the storefront. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { ownerEmail, badges } = loaderData;
  // A new page closes the menu (the layout stays mounted across client navigation).
  const { pathname, search } = useLocation();
  const waiting = ADMIN_SECTIONS.reduce(
    (sum, section) => sum + (section.badge ? (badges[section.badge] ?? 0) : 0),
    0,
  );
  const links = (
    <>
      {ADMIN_SECTIONS.map((section) => (
        <li key={section.to}>
          <NavLink
            to={section.to}
            end={section.end}
            className={({ isActive }) =>
              `inline-flex min-h-11 items-center rounded px-3 font-semibold sm:px-2.5 ${
                isActive ? "bg-paper text-ink" : "text-paper hover:bg-ink-soft"
              }`
            }
          >
            {section.label}
            {section.badge && badges[section.badge] ? (
              <span className="ml-2 rounded-full bg-accent-bright px-2 text-xs text-ink">
                {badges[section.badge]}
                <span className="sr-only"> new</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </>
  );
  return (
    <div className="flex min-h-screen flex-col bg-paper">
      <a
        href="#admin-main"
        className="sr-only z-50 bg-ink px-4 py-2 text-paper focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="relative bg-ink text-paper print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <a href="/admin" className="text-xl">
            <Wordmark />
            <span className="ml-2 hidden font-display text-sm tracking-wide text-stone uppercase sm:inline">
              Back office
            </span>
          </a>
          <nav aria-label="Back office" className="sm:order-3 sm:w-full">
            {/* At phone width one row: the sections open from "Menu" (a <details>, so it works
                without JavaScript); wider, they are all in view (issue 24, item 11). */}
            <details key={`${pathname}${search}`} className="sm:hidden">
              <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded border border-paper/40 px-3 font-semibold [&::-webkit-details-marker]:hidden">
                Menu
                {waiting ? (
                  <span className="rounded-full bg-accent-bright px-2 text-xs text-ink">
                    {waiting}
                    <span className="sr-only"> new</span>
                  </span>
                ) : null}
              </summary>
              <ul className="absolute inset-x-0 top-full z-40 grid gap-1 bg-ink px-4 pb-4 shadow-lg">
                {links}
              </ul>
            </details>
            <ul className="hidden flex-wrap gap-1 sm:flex">{links}</ul>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="hidden text-stone md:inline">{ownerEmail}</span>
            <Form method="post" action="/admin/logout">
              <Button variant="secondary" className="min-h-9 py-1 text-sm">
                Sign out
              </Button>
            </Form>
          </div>
        </div>
      </header>
      <main id="admin-main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
