import { clockFrom, settingsFrom } from "~/db/context.server";
import { londonYear } from "~/shared/london-time";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import oswald500 from "@fontsource/oswald/files/oswald-latin-500-normal.woff2?url";
import oswald700 from "@fontsource/oswald/files/oswald-latin-700-normal.woff2?url";
import type { Route } from "./+types/root";
import { AddedToast } from "./cart/AddedToast";
import { SiteFooter, Splash, TestShopBand } from "./components/LaterParts";
import { SiteHeader } from "./components/SiteHeader";
import { catalogueFrom } from "./catalogue/store.server";
import { SplashScript } from "./components/SplashScript";
import { RouteAnnouncer } from "./components/RouteAnnouncer";
import { canonicalOrigin } from "~/security/origin.server";
import { dbFrom } from "./db/context.server";
import { databaseMiddleware } from "./db/middleware.server";
import { paymentsFrom } from "./payments/provider.server";
import { serviceSettingsMiddleware } from "./security/service-settings.server";
import { developmentShopMiddleware } from "./server/dev.server";
import { countReviewsOrZero } from "./reviews/count.server";
import { useNonce } from "./security/content-security-policy";
import { PageStyles } from "./perf/page-styles";
import { ShopContactProvider, shopContactOf } from "./ui/shop-contact";

export const links: Route.LinksFunction = () => [
  // Both display faces (app/app.css, inside the page), fetched with the HTML rather than when the
  // first heading is laid out; `font-display: swap`, so they never hold text back (README,
  // Performance).
  { rel: "preload", href: oswald700, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: oswald500, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// The shop's parts under `npm run dev` (the server program hands them in otherwise), 503
// while the database is away (X-SCALE-5), and the owner's saved mail server, Stripe keys and
// public address read again when they may have changed (X-OWN-2, X-OWN-3).
export const middleware: Route.MiddlewareFunction[] = [
  developmentShopMiddleware,
  databaseMiddleware,
  serviceSettingsMiddleware,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [reviewCount, shop] = await Promise.all([
    countReviewsOrZero(dbFrom(context)),
    // The owner's banner (X-CAT-5) and who sells (X-OWN-1); a page still renders without them.
    catalogueFrom(context).then(
      (catalogue) => ({
        bannerText: catalogue.site.bannerText,
        contact: shopContactOf(catalogue.settings.settings),
      }),
      () => ({ bannerText: "", contact: undefined }),
    ),
  ]);
  return {
    reviewCount,
    bannerText: shop.bannerText,
    contact: shop.contact,
    origin: canonicalOrigin(settingsFrom(context), request),
    // The footer's copyright year, by the shop's clock in London (X-TRUE-8).
    year: londonYear(clockFrom(context).now()),
    // No card is charged: the sandbox, or Stripe with a test key (X-OWN-3).
    testShop: paymentsFrom(context).testShop,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const nonce = useNonce();
  // The back office has its own shell (app/routes/admin.layout.tsx), not the storefront's.
  const backOffice = pathname === "/admin" || pathname.startsWith("/admin/");
  // Marks the document once React has taken over the server's HTML (browser tests wait for it
  // before pressing anything that needs JavaScript: tests/e2e/fixtures.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <ShopContactProvider contact={data?.contact}>
      <html lang="en-GB" suppressHydrationWarning>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#0b0b0c" />
          <SplashScript nonce={nonce} />
          <Meta />
          {data ? <link rel="canonical" href={`${data.origin}${pathname}`} /> : null}
          {data ? <meta property="og:url" content={`${data.origin}${pathname}`} /> : null}
          {/* Issue 51 item 6: the first paint waits for the header to be read whole (Chromium's
            render-blocking `expect` link), so a slow link that delivers the page in pieces never
            paints half a header that then moves (CLS 0); it does not wait for the rest. */}
          {backOffice ? null : <link rel="expect" href="#gt-header-end" blocking="render" />}
          <Links />
          {/* The whole stylesheet in the page: nothing blocks the first paint (issue 25 item 5).
            After the links, so the browser starts the fonts and modules before reading it. */}
          <PageStyles nonce={nonce} />
        </head>
        <body className="flex min-h-screen flex-col bg-paper text-ink antialiased">
          {backOffice ? (
            children
          ) : (
            <>
              <a
                href="#main"
                className="sr-only z-50 bg-ink px-4 py-2 text-paper focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
              >
                Skip to content
              </a>
              <Splash />
              {data?.testShop ? <TestShopBand /> : null}
              <SiteHeader bannerText={data?.bannerText ?? ""} />
              <AddedToast />
              <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                {children}
              </main>
              <SiteFooter reviewCount={data?.reviewCount ?? 0} year={data?.year} />
            </>
          )}
          {/* The document's one polite region for page changes (X-A11Y-3). */}
          <RouteAnnouncer />
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </body>
      </html>
    </ShopContactProvider>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  const message = notFound
    ? "We couldn't find that page. It may have moved, or the address may be mistyped."
    : "Sorry, this page could not be shown. Please try again in a moment.";
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      {/* "Error:" first, so a screen reader's first words say the page is an error (issue 56). */}
      <title>{`Error: ${title} | GRIP TRUTH`}</title>
      <h1 className="font-display text-4xl font-bold uppercase">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <a
        href="/"
        className="mt-8 inline-block rounded bg-accent px-6 py-3 font-semibold text-white hover:bg-accent-dark"
      >
        Back to the shop
      </a>
    </section>
  );
}
