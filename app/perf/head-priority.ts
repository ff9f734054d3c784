/**
 * First paint (X-PERF-1): the page's JavaScript must not compete with what the first paint needs.
 * React Router's <Scripts> preloads every module of the page with `<link rel="modulepreload">`,
 * which browsers fetch at high priority, next to the stylesheet, the display font and the LCP
 * picture on a slow link (and Lighthouse counts high-priority scripts fetched before the first
 * paint as render-blocking). Marking them `fetchpriority="low"` keeps them preloaded, early and in
 * parallel, but behind the paint. <Scripts> passes no attributes to these links, so the
 * document's head is rewritten as it streams out (app/entry.server.tsx).
 */
export function lowerModulePreloadPriority(head: string): string {
  return head.replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/gi, (link) => {
    return `${link} fetchpriority="low"`;
  });
}

const HEAD_END = new TextEncoder().encode("</head>");
/** A head larger than this is passed on as it is rather than held back. */
const MAX_HEAD_BYTES = 512 * 1024;

function indexOf(bytes: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * Applies `rewrite` to the document up to and including `</head>` (held until it is complete),
 * then passes the rest of the stream on byte for byte.
 */
export function rewriteHead(
  rewrite: (head: string) => string,
): TransformStream<Uint8Array, Uint8Array> {
  let held = new Uint8Array(0);
  let done = false;
  const release = (controller: TransformStreamDefaultController<Uint8Array>, cut: number) => {
    done = true;
    const head = rewrite(new TextDecoder().decode(held.subarray(0, cut)));
    controller.enqueue(new TextEncoder().encode(head));
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
      const end = indexOf(held, HEAD_END);
      if (end !== -1) release(controller, end + HEAD_END.length);
      else if (held.length >= MAX_HEAD_BYTES) release(controller, 0);
    },
    flush(controller) {
      if (!done && held.length) release(controller, held.length);
    },
  });
}
