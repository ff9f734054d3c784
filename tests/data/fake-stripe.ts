import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** The parts of Stripe's API the shop calls, on loopback, so tests never reach the real Stripe. */
export interface FakeStripe {
  url: string;
  sessions: Map<string, Record<string, unknown>>;
  /** Every form-encoded request body received, by path. */
  requests: {
    method: string;
    path: string;
    params: URLSearchParams;
    idempotencyKey?: string;
    /** The API key the request was made with. */
    key?: string;
  }[];
  /** Every refund the fake has made, by Stripe id: what a real Stripe account would hold. */
  refunds: Map<string, Record<string, unknown>>;
  /** How the refunds API behaves (issue 27): see `refundControl` below. */
  refundControl: RefundControl;
  close: () => Promise<void>;
}

export interface RefundControl {
  /** Down: every refund request's connection drops before anything is made. */
  down: boolean;
  /** The next this many answers are lost after the refund is made (a crash, a timeout). */
  dropAnswersAfterMaking: number;
  /** The status a new refund starts in ("succeeded", or "pending" / "requires_action"). */
  newStatus: string;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, Record<string, unknown>>();
  const coupons = new Map<string, number>();
  const requests: FakeStripe["requests"] = [];
  const refunds = new Map<string, Record<string, unknown>>();
  const refundsById = new Map<string, Record<string, unknown>>();
  const refundControl: RefundControl = { down: false, dropAnswersAfterMaking: 0, newStatus: "succeeded" };
  let counter = 0;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      const params = new URLSearchParams(body);
      requests.push({
        method: req.method ?? "",
        path,
        params,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
        key: /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1],
      });
      // The refund is made; its answer may be lost on the way back (issue 27's crash).
      const answerRefund = (refund: Record<string, unknown>) => {
        if (refundControl.dropAnswersAfterMaking > 0) {
          refundControl.dropAnswersAfterMaking -= 1;
          req.socket.destroy();
          return;
        }
        send(200, refund);
      };
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${counter}` });
        res.end(JSON.stringify(json));
      };
      // Test and live keys (the back office's keys, X-OWN-3); a key with "revoked" in it is refused
      // as Stripe refuses a rolled key.
      const apiKey = /^Bearer ((sk_test_|sk_live_)\S+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!apiKey || apiKey.includes("revoked")) {
        return send(401, {
          error: {
            type: "invalid_request_error",
            message: apiKey
              ? `Invalid API Key provided: ${apiKey.slice(0, 8)}****${apiKey.slice(-4)}`
              : "No API key",
          },
        });
      }
      if (req.method === "GET" && path === "/v1/balance") {
        return send(200, {
          object: "balance",
          livemode: apiKey.startsWith("sk_live_"),
          available: [{ amount: 0, currency: "gbp" }],
          pending: [{ amount: 0, currency: "gbp" }],
        });
      }
      if (req.method === "POST" && path === "/v1/coupons") {
        counter += 1;
        coupons.set(`coupon_${counter}`, Number(params.get("amount_off")));
        return send(200, {
          id: `coupon_${counter}`,
          object: "coupon",
          amount_off: Number(params.get("amount_off")),
          currency: params.get("currency"),
          duration: params.get("duration"),
        });
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        // Like Stripe: a session lasts from 30 minutes to 24 hours.
        const expiresAt = params.get("expires_at");
        const now = Math.floor(Date.now() / 1000);
        if (expiresAt !== null && !(Number(expiresAt) >= now + 30 * 60 && Number(expiresAt) <= now + 24 * 3600)) {
          return send(400, {
            error: {
              type: "invalid_request_error",
              param: "expires_at",
              message: "The expires_at timestamp must be between 30 minutes and 24 hours from now.",
            },
          });
        }
        counter += 1;
        const id = `cs_test_fake_${counter}`;
        // What Stripe would charge: the lines, the shipping, less the coupon.
        let amountTotal = 0;
        for (let i = 0; params.has(`line_items[${i}][quantity]`); i++) {
          amountTotal +=
            Number(params.get(`line_items[${i}][quantity]`)) *
            Number(params.get(`line_items[${i}][price_data][unit_amount]`));
        }
        amountTotal += Number(
          params.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]") ?? 0,
        );
        amountTotal -= coupons.get(params.get("discounts[0][coupon]") ?? "") ?? 0;
        const shipping = Number(
          params.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]") ?? 0,
        );
        const allowedCountries = [...params.entries()]
          .filter(([key]) => key.startsWith("shipping_address_collection[allowed_countries]"))
          .map(([, value]) => value);
        const session = {
          amount_total: amountTotal,
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          client_reference_id: params.get("client_reference_id"),
          payment_status: "unpaid",
          status: "open",
          currency: params.get("currency"),
          shipping_cost: { amount_total: shipping },
          shipping_address_collection: { allowed_countries: allowedCountries },
          expires_at: expiresAt === null ? now + 24 * 3600 : Number(expiresAt),
          customer_details: null,
          payment_intent: null,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      if (req.method === "POST" && path === "/v1/refunds") {
        if (refundControl.down) {
          req.socket.destroy();
          return;
        }
        // Like Stripe: the same Idempotency-Key answers the same refund again.
        const key = String(req.headers["idempotency-key"] ?? "");
        const earlier = key ? refunds.get(key) : undefined;
        if (earlier) return answerRefund(earlier);
        if (params.get("payment_intent") === "pi_down") {
          // A provider that is down: the connection drops without an answer.
          req.socket.destroy();
          return;
        }
        if (params.get("payment_intent") === "pi_fail") {
          return send(400, {
            error: { type: "invalid_request_error", message: "Charge already refunded" },
          });
        }
        counter += 1;
        const refund: Record<string, unknown> = {
          id: `re_fake_${counter}`,
          object: "refund",
          amount: Number(params.get("amount")),
          currency: "gbp",
          payment_intent: params.get("payment_intent"),
          metadata: { refund_id: params.get("metadata[refund_id]") },
          status: refundControl.newStatus,
        };
        if (key) refunds.set(key, refund);
        refundsById.set(refund.id as string, refund);
        return answerRefund(refund);
      }
      const refundMatch = /^\/v1\/refunds\/([^/]+)$/.exec(path);
      if (req.method === "GET" && refundMatch) {
        if (refundControl.down) {
          req.socket.destroy();
          return;
        }
        const refund = refundsById.get(decodeURIComponent(refundMatch[1]!));
        return refund
          ? send(200, refund)
          : send(404, { error: { type: "invalid_request_error", message: "No such refund" } });
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === "GET" && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        return session
          ? send(200, session)
          : send(404, { error: { type: "invalid_request_error", message: "No such session" } });
      }
      return send(404, { error: { type: "invalid_request_error", message: `No route ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    refunds: refundsById,
    refundControl,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
