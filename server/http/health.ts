// Probes for load balancers, systemd and Kubernetes: /healthz says the process answers, /readyz
// that it can serve (the database answers) and is not shutting down, so a balancer stops sending
// it requests before it closes. Neither touches the storefront, and neither is logged.
import type { Request, Response, Router } from "express";
import express from "express";
import type { Store } from "../../db/client";

export function healthRouter(store: Store, stopping: () => boolean): Router {
  const router = express.Router();
  const answer = (res: Response, status: number, body: Record<string, string>) => res.status(status).set("Cache-Control", "no-store").json(body);
  router.get("/healthz", (_req: Request, res: Response) => answer(res, 200, { status: "ok" }));
  router.get("/readyz", (_req: Request, res: Response) => {
    if (stopping()) return answer(res, 503, { status: "stopping" });
    try {
      store.sqlite.prepare("SELECT 1").get();
      return answer(res, 200, { status: "ready" });
    } catch {
      return answer(res, 503, { status: "database unavailable" });
    }
  });
  return router;
}
