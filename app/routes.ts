import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { COLLECTIONS } from "./catalogue/collections";
import { INFO_PAGE_SLUGS } from "./content/info-page-slugs";

export default [
  index("routes/home.tsx"),
  ...COLLECTIONS.map((c) =>
    route(c.path, "routes/collection.tsx", { id: `collection${c.path.replace(/\//g, "-")}` }),
  ),
  route("accessories", "routes/accessories.tsx"),
  route("product/:productId", "routes/product.tsx"),
  route("customisation", "routes/customisation.tsx"),
  route("faq", "routes/faq.tsx"),
  route("size-guide", "routes/size-guide.tsx"),
  route("search", "routes/search.tsx"),
  ...INFO_PAGE_SLUGS.map((slug) => route(slug, "routes/info-page.tsx", { id: `info-${slug}` })),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("downloads/kids-size-chart.svg", "routes/download.kids-size-chart.ts"),
  route("images/products/:productId/:file", "routes/product-image.ts"),
  route("api/health", "routes/api.health.ts"),
  route("api/reviews/count", "routes/api.reviews.count.ts"),
  route("api/enquiries", "routes/api.enquiries.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
