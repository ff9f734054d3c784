import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * What an operator watches (issue 35), in one registry per process, read by GET /metrics in
 * Prometheus's text format (app/server/observe.server.ts answers it). Capabilities and the
 * platform count through the small functions below; the composition root hands in what is read
 * when /metrics is asked (the outbox's backlog, the pool's use) with `watchShop`.
 */
const registry = new Registry();

// Process memory, CPU, the event loop's delay (nodejs_eventloop_lag_*), heap and handles.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const requests = new Counter({
  name: "http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status class.",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

const durations = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by route pattern and status class.",
  labelNames: ["route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const ordersPaid = new Counter({
  name: "shop_orders_paid_total",
  help: "Orders moved from pending to paid (once per order, whoever settled it).",
  registers: [registry],
});

const refunds = new Counter({
  name: "shop_refunds_total",
  help: "Refunds settled by the provider, by outcome (succeeded or failed).",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

const jobFailures = new Counter({
  name: "shop_job_failures_total",
  help: "Rounds of a background job that threw, by job.",
  labelNames: ["job"] as const,
  registers: [registry],
});

const pageCache = new Counter({
  name: "shop_page_cache_requests_total",
  help: "Pages the shared page cache answered (hit) or rendered first (miss).",
  labelNames: ["result"] as const,
  registers: [registry],
});

/** What is read from the running shop when /metrics is asked (the composition root's parts). */
export interface WatchedShop {
  /** E-mails in the outbox not yet sent. */
  outboxPending: () => Promise<number>;
  /** PostgreSQL's pool (none with PGlite). */
  pool?: () => { inUse: number; idle: number; waiting: number };
}

let watched: WatchedShop | undefined;

new Gauge({
  name: "shop_outbox_pending",
  help: "E-mails in the outbox not yet sent (the backlog).",
  registers: [registry],
  async collect() {
    if (!watched) return;
    try {
      this.set(await watched.outboxPending());
    } catch {
      // The database is away: the value is left out rather than a wrong one shown.
      this.reset();
    }
  },
});

new Gauge({
  name: "shop_db_pool_connections",
  help: "PostgreSQL pool connections by state: in use, idle, and requests waiting for one.",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const pool = watched?.pool?.();
    if (!pool) return;
    this.set({ state: "in_use" }, pool.inUse);
    this.set({ state: "idle" }, pool.idle);
    this.set({ state: "waiting" }, pool.waiting);
  },
});

/** "2xx", "4xx"…: one series per class, not per status. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** One answered request (the HTTP edge calls this as each answer ends). */
export function countRequest(method: string, route: string, status: number, seconds: number) {
  const cls = statusClass(status);
  requests.inc({ method, route, status: cls });
  durations.observe({ route, status: cls }, seconds);
}

export function countOrderPaid(): void {
  ordersPaid.inc();
}

export function countRefund(outcome: "succeeded" | "failed"): void {
  refunds.inc({ outcome });
}

export function countJobFailure(job: string): void {
  jobFailures.inc({ job });
}

export function countPageCache(result: "hit" | "miss"): void {
  pageCache.inc({ result });
}

/** The composition root says where the backlog and the pool are read (undefined: forget them). */
export function watchShop(shop: WatchedShop | undefined): void {
  watched = shop;
}

/** The exposition: every metric of this process in Prometheus's text format. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
