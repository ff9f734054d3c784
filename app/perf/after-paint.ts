/**
 * First paint before JavaScript (X-PERF-1).
 *
 * React Router's <Scripts> preloads every module of the page (`<link rel="modulepreload">` in the
 * head) and imports them from an inline module script at the end of the body. On a fast link the
 * modules arrive before the document is parsed, run before the browser's first frame and hold it
 * back; Lighthouse's simulation then charges their download on a slow phone link to the first
 * paint and to the LCP. Here the document's start is rewritten as it streams out
 * (app/entry.server.tsx) so that the page paints first and only then fetches and runs its code:
 * the preload links leave the head, and the module script is held until the first paint, then
 * run as it was, its modules preloaded in parallel. It runs whole, as React Router wrote it: its
 * route modules and the hydration code are one chunk graph that must run in one go.
 */

const MODULE_SCRIPT = /(<script\b[^>]*)\btype="module"([^>]*>)([\s\S]*?<\/script>)/;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi;
const NONCE = /\snonce="([^"]*)"/;
const HREF = /\shref="([^"]+)"/i;

/** The type the page's module script is held under until the first paint (it does not run). */
export const HELD_TYPE = "text/x-after-first-paint";

/**
 * Starts the held module script once the browser reports the first contentful paint (a paint
 * entry is reported once the frame is on screen): preloads its modules, then runs a copy of it
 * with the same text and nonce, so the page's Content-Security-Policy (nonce or hash) lets it
 * run. A page in a background tab, or in a browser without paint entries, starts at once; if
 * no paint is reported within 3 s, the page starts anyway.
 */
function starter(preloads: string[]): string {
  // scripts/page-weight.mjs reads the preload list from the "for (const href of [...])" line.
  return `(() => {
  let started = false;
  const start = () => {
    const held = document.querySelector('script[type="${HELD_TYPE}"]');
    if (started || !held) return;
    started = true;
    for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
    held.after(Object.assign(document.createElement("script"), { type: "module", nonce: held.nonce, textContent: held.textContent }));
  };
  const painted = () => (document.readyState === "loading" ? document.addEventListener("DOMContentLoaded", start) : start());
  if (document.visibilityState === "hidden" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return painted();
  new PerformanceObserver((list) => list.getEntriesByName("first-contentful-paint").length && painted()).observe({ type: "paint", buffered: true });
  document.addEventListener("visibilitychange", painted, { once: true });
  setTimeout(painted, 3000);
})();`;
}

/**
 * Rewrites the start of a document (up to the end of its inline module script) so that its
 * modules load after the first paint: the module preload links leave the head, the module script
 * is held (its type changed, its text as it was) and a starter goes at the end of the head. A
 * document without a module script, or without a head to put the starter in, is returned
 * unchanged.
 */
export function startScriptsAfterFirstPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  const headEnd = html.indexOf("</head>");
  if (!script || headEnd === -1 || headEnd > script.index) return html;
  const [whole, before = "", after = "", rest = ""] = script;
  const preloads = new Set<string>();
  const head = html.slice(0, headEnd).replace(MODULE_PRELOAD, (link) => {
    const href = HREF.exec(link)?.[1];
    if (href) preloads.add(href.replaceAll("&amp;", "&"));
    return "";
  });
  const nonce = NONCE.exec(before + after)?.[1];
  const start = `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${starter([...preloads])}</script>`;
  return (
    head +
    start +
    html.slice(headEnd, script.index) +
    `${before}type="${HELD_TYPE}"${after}${rest}` +
    html.slice(script.index + whole.length)
  );
}

const encode = (text: string) => new TextEncoder().encode(text);
const MODULE_TYPE = encode('type="module"');
const SCRIPT_END = encode("</script>");
/** A start larger than this is passed on as it is rather than held back. */
const MAX_HELD_BYTES = 512 * 1024;

function indexOf(bytes: Uint8Array, needle: Uint8Array, from = 0): number {
  outer: for (let i = from; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Where the first inline module script ends (just after its `</script>`), or -1 until it has. */
function endOfModuleScript(bytes: Uint8Array): number {
  const type = indexOf(bytes, MODULE_TYPE);
  if (type === -1) return -1;
  const end = indexOf(bytes, SCRIPT_END, type);
  return end === -1 ? -1 : end + SCRIPT_END.length;
}

/**
 * Holds a streamed document until its first inline module script has ended, applies `rewrite`
 * to that start, then passes the rest on byte for byte. A document without one is passed on
 * whole (rewritten) when it ends or when MAX_HELD_BYTES have been held.
 */
export function rewriteDocumentStart(
  rewrite: (start: string) => string = startScriptsAfterFirstPaint,
): TransformStream<Uint8Array, Uint8Array> {
  let held = new Uint8Array(0);
  let done = false;
  const release = (controller: TransformStreamDefaultController<Uint8Array>, cut: number) => {
    done = true;
    controller.enqueue(encode(rewrite(new TextDecoder().decode(held.subarray(0, cut)))));
    if (cut < held.length) controller.enqueue(held.subarray(cut));
    held = new Uint8Array(0);
  };
  return new TransformStream({
    transform(chunk, controller) {
      if (done) {
        controller.enqueue(chunk);
        return;
      }
      const joined = new Uint8Array(held.length + chunk.length);
      joined.set(held);
      joined.set(chunk, held.length);
      held = joined;
      const end = endOfModuleScript(held);
      if (end !== -1) release(controller, end);
      else if (held.length >= MAX_HELD_BYTES) release(controller, 0);
    },
    flush(controller) {
      if (!done && held.length) release(controller, held.length);
    },
  });
}
