import { icon } from "../icon";

export const Plus = /* @__PURE__ */ icon("plus", [
  ["path", { d: "M5 12h14" }],
  ["path", { d: "M12 5v14" }],
]);
