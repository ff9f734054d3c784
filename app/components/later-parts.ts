/** The layout's parts that are not in any page's first load, in one file (./LaterParts.tsx). */
export { SiteFooter } from "./SiteFooter";
export { Splash } from "./Splash";
export { TestShopBand } from "./TestShopBand";
