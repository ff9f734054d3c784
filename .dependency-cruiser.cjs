// The shop's layers and the directions imports may take (docs/architecture.md). `npm run lint`
// runs this through dependency-cruiser; a forbidden import or any import cycle fails it.
// Paths are relative to the folder cruised from (the repository, or a test's fixture tree).

/** Pure rules and primitives, safe in the browser: they import nothing of the shop above them. */
const CORE = ["shared", "pricing", "policy", "ui"];
/** What every capability stands on: database, edge, mail, background runner, stored photo
 *  files. (The configuration is read by the composition root, app/server/, and handed down; its
 *  schema and type are in shared/settings.ts.) */
const PLATFORM = ["db", "security", "mail", "background", "storage", "metrics"];
/** What the shop sells: every capability may read it. */
const CATALOGUE = ["catalogue"];
/** Capabilities own their rules and never import each other, except along these edges. */
const CAPABILITIES = {
  owners: [],
  cart: ["stock"],
  content: [],
  discounts: [],
  enquiries: [],
  giftcards: [],
  orders: ["stock", "discounts", "giftcards"],
  payments: ["orders"],
  returns: ["orders"],
  reviews: ["orders"],
  search: [],
  seo: ["content"],
  stock: [],
  teams: ["orders"],
};

const folders = (names) => `^app/(${names.join("|")})/`;
const TESTS = "\\.test\\.tsx?$";
const APP_LAYER = "^app/(routes|server|perf)/|^app/(root|entry\\.server|routes)\\.tsx?$";
const SHOP_FOLDERS = [
  ...CORE,
  ...PLATFORM,
  ...CATALOGUE,
  ...Object.keys(CAPABILITIES),
  "flows",
  "components",
];

/**
 * The HTTP helpers (issue 34, X-ORD-4): security/edge.server.ts (refuse, success, Outcome,
 * Refusal, endpoint) and security/request.server.ts (jsonError), and React Router's runtime
 * (data, redirect, Response-making helpers) in server modules. Capabilities and flows name
 * problems (shared/problems.ts) and the edge alone picks statuses. The owner session's own edge
 * in owners/ (the gate, its cookie storage, sign-in and sign-out redirects) is the one exception.
 */
const HTTP_HELPERS = "^app/security/(edge|request)\\.server\\.ts$";
const DOMAIN = folders([...CATALOGUE, ...Object.keys(CAPABILITIES), "flows"]);
const OWNER_SESSION_EDGE = "^app/owners/(guard|session|session-actions)\\.server\\.ts$";

/** A folder's own tables (issue 48): app/<folder>/schema.ts and its parts, app/<folder>/*.schema.ts. */
const TABLES = "^app/[^/]+/(schema|[^/]+\\.schema)\\.ts$";
/** The index of every folder's tables, for Drizzle's client, drizzle-kit and the backup. */
const TABLES_INDEX = "^app/db/schema\\.ts$";

const capabilityRules = Object.entries(CAPABILITIES).map(([name, allowed]) => ({
  name: `capability-${name}`,
  comment: `${name}/ may read core, platform, the catalogue${allowed.length ? ` and ${allowed.join(", ")}` : ""}; what spans capabilities belongs in flows/.`,
  severity: "error",
  from: { path: `^app/${name}/`, pathNot: TESTS },
  to: {
    path: "^app/",
    pathNot: folders([...CORE, ...PLATFORM, ...CATALOGUE, name, ...allowed]),
  },
}));

module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "No import cycle, type-only and dynamic imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-is-pure",
      comment: "shared/, pricing/, policy/ and ui/ import only each other.",
      severity: "error",
      from: { path: folders(CORE), pathNot: TESTS },
      to: { path: "^app/", pathNot: folders(CORE) },
    },
    {
      name: "platform-below-capabilities",
      comment:
        "db/, security/, mail/, background/ and storage/ import only core and platform (the tables' index, app/db/schema.ts, aside).",
      severity: "error",
      from: { path: folders(PLATFORM), pathNot: [TESTS, TABLES_INDEX] },
      to: { path: "^app/", pathNot: folders([...CORE, ...PLATFORM]) },
    },
    {
      name: "catalogue-below-capabilities",
      comment: "catalogue/ imports only core and platform.",
      severity: "error",
      from: { path: folders(CATALOGUE), pathNot: TESTS },
      to: { path: "^app/", pathNot: folders([...CORE, ...PLATFORM, ...CATALOGUE]) },
    },
    ...capabilityRules,
    {
      name: "own-tables-only",
      comment:
        "A folder reads and writes only its own tables (issue 48): another capability's data is reached through that capability's functions, and flows/ joins several. Schema files may name each other's tables for foreign keys (the layer rules still apply), and app/db/schema.ts lists them all.",
      severity: "error",
      from: { path: "^app/([^/]+)/", pathNot: ["^app/flows/", TABLES, TABLES_INDEX, TESTS] },
      to: { path: TABLES, pathNot: ["^app/$1/", TABLES_INDEX] },
    },
    {
      name: "the-tables-index-is-the-databases",
      comment:
        "Only app/db/ (the client's types, drizzle-kit, the backup) imports the index of every table; a capability imports its own schema file.",
      severity: "error",
      from: { path: "^app/", pathNot: ["^app/db/", TESTS] },
      to: { path: TABLES_INDEX },
    },
    {
      name: "the-tables-index-lists-tables",
      comment: "app/db/schema.ts re-exports the folders' schema files and nothing else.",
      severity: "error",
      from: { path: TABLES_INDEX },
      to: { path: "^app/", pathNot: TABLES },
    },
    {
      name: "no-http-in-domain",
      comment:
        "Capabilities and flows import no HTTP helper (security/edge.server.ts, security/request.server.ts): they return or throw named problems (shared/problems.ts).",
      severity: "error",
      from: { path: DOMAIN, pathNot: [TESTS, OWNER_SESSION_EDGE] },
      to: { path: HTTP_HELPERS },
    },
    {
      name: "no-http-responses-in-domain",
      comment:
        "A capability's or flow's server module makes no response (react-router's data, redirect): the route does. catalogue/store.server.ts, payments/provider.server.ts and flows/parts.server.ts use only the request's context (its type, createContext) to hand the composition root's parts to handlers.",
      severity: "error",
      from: {
        path: `${DOMAIN}.*\\.server\\.ts$`,
        pathNot: [
          TESTS,
          OWNER_SESSION_EDGE,
          "^app/catalogue/store\\.server\\.ts$",
          "^app/payments/provider\\.server\\.ts$",
          "^app/flows/parts\\.server\\.ts$",
        ],
      },
      // Unresolved by the cruiser (the package's export map), so named as written.
      to: { path: "^react-router$|(^|/)node_modules/react-router/" },
    },
    {
      name: "flows-below-the-app",
      comment: "flows/ joins capabilities; it never imports the shell, routes or the server.",
      severity: "error",
      from: { path: "^app/flows/", pathNot: TESTS },
      to: { path: ["^app/components/", APP_LAYER] },
    },
    {
      name: "shell-below-the-app",
      comment: "components/ (the storefront's shell) never imports routes or the server.",
      severity: "error",
      from: { path: "^app/components/", pathNot: TESTS },
      to: { path: APP_LAYER },
    },
    {
      name: "only-the-entry-starts-the-server",
      comment: "The composition root (server/) is imported by the entry modules and tests only.",
      severity: "error",
      from: {
        path: "^app/",
        pathNot: ["^app/server/", "^app/(entry\\.server|root)\\.tsx$", TESTS],
      },
      to: { path: "^app/server/" },
    },
    {
      name: "only-the-server-reads-the-environment",
      comment:
        "Only the composition root (app/server/) reads the environment (X-ARCH-1): everything else gets the validated settings from the shop it is handed, and names their type from app/shared/settings.ts. The entry modules, which may import app/server/, may not import its reader either.",
      severity: "error",
      from: { path: "^app/", pathNot: ["^app/server/", TESTS] },
      to: { path: "^app/server/env\\.server\\.ts$" },
    },
    {
      name: "nothing-imports-routes",
      comment: "Route modules are leaves: shared code lives in a capability or a flow.",
      severity: "error",
      from: { path: "^app/", pathNot: ["^app/routes/", TESTS] },
      to: { path: "^app/routes/" },
    },
    {
      name: "every-folder-has-a-layer",
      comment: "A new folder in app/ needs a place in this file and in docs/architecture.md.",
      severity: "error",
      from: { path: "^app/[^/]+/", pathNot: [folders(SHOP_FOLDERS), APP_LAYER] },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: ["node_modules"] },
    exclude: { path: ["^app/\\+types/", "\\.react-router/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
    moduleSystems: ["es6", "cjs"],
  },
};
