import { icon } from "../icon";

export const Check = /* @__PURE__ */ icon("check", [["path", { d: "M20 6 9 17l-5-5" }]]);
