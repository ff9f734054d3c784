import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deferredComponent } from "./deferred-component";

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const render = (Component: React.ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<i>later</i>}>
      <Component name="Ana" />
    </Suspense>,
  );

describe("X-PERF-2: a component whose code the browser fetches later", () => {
  it("X-PERF-2 X-SHOP-2: on the server it renders in place, with its content, once its module has loaded", async () => {
    expect(import.meta.env.SSR).toBe(true);
    const Deferred = deferredComponent(async () => Hello);
    await new Promise((resolve) => setTimeout(resolve));
    expect(render(Deferred)).toBe("<!--$--><p>Hello <!-- -->Ana</p><!--/$-->");
  });

  it("X-PERF-2: a module still loading suspends (what the server's early load avoids)", () => {
    const Deferred = deferredComponent(() => new Promise<typeof Hello>(() => {}));
    expect(render(Deferred)).toContain("later");
  });
});
