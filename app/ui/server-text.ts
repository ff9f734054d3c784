import { useState } from "react";

/**
 * The text of an element only the server has (the stylesheet, the splash's script): on the
 * server, `serverText`; in the browser, read once from the element with this id, when the browser
 * first renders (hydration), before anything could replace it. So the text never enters the
 * JavaScript bundle, and hydration and any later client render keep it.
 */
export function useTextFromServer(id: string, serverText: string | undefined): string {
  const [fromDocument] = useState(() =>
    serverText === undefined && typeof document !== "undefined"
      ? (document.getElementById(id)?.textContent ?? "")
      : "",
  );
  return serverText ?? fromDocument;
}
