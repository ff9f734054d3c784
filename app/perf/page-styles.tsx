import { createContext, useContext } from "react";
import { useTextFromServer } from "~/ui/server-text";

/** The id of the page's one `<style>`: the browser reads the stylesheet back from it. */
export const PAGE_STYLES_ID = "gt-styles";

const PageStylesContext = createContext<string | undefined>(undefined);

/** Set by entry.server for the document render with the shop's whole stylesheet (app/app.css). */
export const PageStylesProvider = PageStylesContext.Provider;

/**
 * The shop's stylesheet inside the page (issue 25 item 5): the HTML alone paints, with no
 * stylesheet request to wait for. The server renders the text (entry.server imports it with
 * `?inline`, so it never enters the JavaScript bundle); the browser renders the same text, read
 * back from the element the server sent, so hydration and any later client render keep it.
 * The element carries the page's nonce; a shared cached page lists its hash instead
 * (app/perf/html-cache.server.ts).
 */
export function PageStyles({ nonce }: { nonce?: string }) {
  const text = useTextFromServer(PAGE_STYLES_ID, useContext(PageStylesContext));
  return <style id={PAGE_STYLES_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
}
