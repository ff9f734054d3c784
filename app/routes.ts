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
  route("checkout", "routes/checkout.tsx"),
  route("payment", "routes/payment.tsx"),
  route("order-confirmation", "routes/order-confirmation.tsx"),
  route("tracking", "routes/tracking.tsx"),
  route("returns/request", "routes/returns-request.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("downloads/kids-size-chart.svg", "routes/download.kids-size-chart.ts"),
  route("images/products/:productId/:file", "routes/product-image.ts"),
  route("api/health", "routes/api.health.ts"),
  route("api/reviews/count", "routes/api.reviews.count.ts"),
  route("api/discounts/validate", "routes/api.discounts.validate.ts"),
  route("api/create-checkout-session", "routes/api.create-checkout-session.ts"),
  route("api/verify-order", "routes/api.verify-order.ts"),
  route("api/webhooks/stripe", "routes/api.webhooks.stripe.ts"),
  route("api/products/:productId/reviews", "routes/api.product-reviews.ts"),
  route("api/uploads", "routes/api.uploads.ts"),
  route("uploads/:file", "routes/uploads.ts"),
  route("api/enquiries", "routes/api.enquiries.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
