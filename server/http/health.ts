// Probes for load balancers, systemd and Kubernetes: /healthz says the process answers, /readyz
// that it can serve and is not shutting down, so a balancer stops sending it requests before it
// closes. What "can serve" means depends on the role: the trade services need their database, a
// storefront the trade services. Neither probe touches the pages, and neither is logged.
import type { Request, Response, Router } from "express";
import express from "express";
import type { Store } from "../../db/client";

/** What a process needs in order to serve: null when it has it, else what is missing. */
export type ReadinessCheck = () => Promise<string | null>;

export function databaseAnswers(store: Store): ReadinessCheck {
  return async () => {
    try {
      store.sqlite.prepare("SELECT 1").get();
      return null;
    } catch {
      return "database unavailable";
    }
  };
}

/** The trade services' own /readyz, within 2 s. */
export function tradeServicesAnswer(tradeApiUrl: string): ReadinessCheck {
  return async () => {
    try {
      const answer = await fetch(`${tradeApiUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await answer.arrayBuffer();
      return answer.ok ? null : "trade services not ready";
    } catch {
      return "trade services unavailable";
    }
  };
}

export function healthRouter(checks: ReadinessCheck[], stopping: () => boolean): Router {
  // exactly /healthz and /readyz: no trailing slash, no other case (review 2026-11c L3), as nginx
  // blocks them (deploy/nginx/shop.conf); any other spelling is the storefront's 404
  const router = express.Router({ caseSensitive: true, strict: true });
  const answer = (res: Response, status: number, body: Record<string, string>) => res.status(status).set("Cache-Control", "no-store").json(body);
  router.get("/healthz", (_req: Request, res: Response) => answer(res, 200, { status: "ok" }));
  router.get("/readyz", async (_req: Request, res: Response) => {
    if (stopping()) return answer(res, 503, { status: "stopping" });
    const missing = (await Promise.all(checks.map((check) => check()))).find((reason) => reason !== null);
    return missing ? answer(res, 503, { status: missing }) : answer(res, 200, { status: "ready" });
  });
  return router;
}
