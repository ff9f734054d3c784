import { randomBytes } from "node:crypto";
import { PassThrough, Transform } from "node:stream";

import type { EntryContext, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { contentSecurityPolicy, NonceProvider } from "./security/content-security-policy";
import { loggablePath, logError } from "./security/log.server";
import { PageStylesProvider } from "./perf/page-styles";
import { SPLASH_SCRIPT, SplashScriptProvider } from "./components/SplashScript";
import { everyPartReady } from "./ui/lazy-in-place";
import { lowPriorityModulePreloads } from "./perf/module-preloads";
// The shop's stylesheet as text, for the page's <style> (app/perf/page-styles.tsx).
import pageStyles from "./app.css?inline";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // A fresh nonce per page; the development server injects scripts of its own, so only
  // production pages carry the policy.
  const nonce = randomBytes(16).toString("base64");
  if (!import.meta.env.DEV) {
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ nonce }));
  }

  // https://httpwg.org/specs/rfc9110.html#HEAD: the headers a GET would have, no body.
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // The parts of a page loaded after its first load are drawn in place (app/ui/lazy-in-place.tsx).
  await everyPartReady();

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PageStylesProvider value={pageStyles}>
          <SplashScriptProvider value={SPLASH_SCRIPT}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </SplashScriptProvider>
        </PageStylesProvider>
      </NonceProvider>,
      {
        nonce,
        // A part inside <Suspense> that has finished rendering stays in its place in the HTML.
        // React would otherwise move any such part after the first 12,800 bytes of the page to
        // the end, hidden, for a script to put back, which a browser without JavaScript never
        // runs (the product page's reviews: app/reviews/components/ProductReviews.tsx).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          // The head's module preloads at low priority (app/perf/module-preloads.ts): the first
          // chunk that has them, up to the end of the head; the rest passes as it is.
          let inHead = true;
          const head = new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              if (!inHead) return callback(null, chunk);
              // Byte for byte (latin1): the links are ASCII, and a character split between two
              // chunks passes untouched.
              const text = chunk.toString("latin1");
              const preloads = lowPriorityModulePreloads(text);
              inHead = preloads === text && !text.includes("</head>");
              callback(null, preloads === text ? chunk : Buffer.from(preloads, "latin1"));
            },
          });
          head.pipe(body);
          pipe(head);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            logError("Rendering failed", error);
          }
        },
      },
    );
  });
}

/** The server program: server.mjs loads the build and calls it (the composition root). */
export { startShop } from "./server/main.server";
/** The owner's commands, for a server that has the build but not the source or Vite (the
 *  container image): scripts/backup.mjs and scripts/owner-create.mjs (scripts/app-module.mjs). */
export { backupCommand, restoreCommand } from "./server/backup-cli.server";
export { ownerCreateCommand } from "./server/owner-cli.server";
export { bucketCommand } from "./server/bucket-cli.server";

/**
 * Errors thrown by loaders, actions and rendering: logged without personal data (X-SEC-3) or a
 * link's token (X-SEC-27). A refusal React Router makes itself (a 405 for a method a route does
 * not take, a 404) is the client's doing: a line at info, not an error.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const what = `${request.method} ${loggablePath(new URL(request.url).pathname)}`;
  if (isRouteErrorResponse(error) && error.status < 500) {
    console.info(`${what} refused: a ${error.status} answer`);
    return;
  }
  logError(`${what} failed`, error);
}
