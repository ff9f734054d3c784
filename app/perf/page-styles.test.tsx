// @vitest-environment jsdom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  SPLASH_SCRIPT,
  SPLASH_SCRIPT_ID,
  SplashScript,
  SplashScriptProvider,
} from "~/components/SplashScript";
import { PAGE_STYLES_ID, PageStyles, PageStylesProvider } from "./page-styles";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CSS = "body{background:#f7f6f3}.font-display{font-family:Oswald}";

describe("X-PE-4: the stylesheet inside the page", () => {
  it("X-PE-4: the server renders the stylesheet's text with the page's nonce", () => {
    const html = renderToString(
      <PageStylesProvider value={CSS}>
        <PageStyles nonce="n0nce" />
      </PageStylesProvider>,
    );
    expect(html).toBe(`<style id="${PAGE_STYLES_ID}" nonce="n0nce">${CSS}</style>`);
  });

  it("X-PE-4: the browser keeps the server's text through hydration and later renders", async () => {
    const server = renderToString(
      <PageStylesProvider value={CSS}>
        <PageStyles />
      </PageStylesProvider>,
    );
    const container = document.createElement("div");
    container.innerHTML = server;
    document.body.append(container);
    // No provider in the browser: the text is read back from the server's element.
    const root = await act(async () => hydrateRoot(container, <PageStyles key="a" />));
    expect(document.getElementById(PAGE_STYLES_ID)?.textContent).toBe(CSS);
    // A fresh render in the browser (as after a hydration error) still has the same text.
    await act(async () => root.render(<PageStyles key="b" />));
    expect(document.getElementById(PAGE_STYLES_ID)?.textContent).toBe(CSS);
    await act(async () => root.unmount());
  });
});

describe("issue 51 item 5: the splash's script stays out of the bundle", () => {
  it("the server renders SPLASH_SCRIPT; the browser keeps it through hydration without it", async () => {
    const server = renderToString(
      <SplashScriptProvider value={SPLASH_SCRIPT}>
        <SplashScript nonce="n0nce" />
      </SplashScriptProvider>,
    );
    expect(server).toContain(`id="${SPLASH_SCRIPT_ID}"`);
    expect(server).toContain(SPLASH_SCRIPT.replaceAll("&", "&amp;").slice(0, 40));
    const container = document.createElement("div");
    container.innerHTML = server;
    document.body.append(container);
    const root = await act(async () => hydrateRoot(container, <SplashScript nonce="n0nce" />));
    expect(document.getElementById(SPLASH_SCRIPT_ID)?.textContent).toBe(SPLASH_SCRIPT);
    await act(async () => root.unmount());
  });
});
