// Probes for load balancers, systemd and Kubernetes: /healthz says the process answers, /readyz
// that it can serve and is not shutting down, so a balancer stops sending it requests before it
// closes. What "can serve" means depends on the role: the trade services need their database, a
// storefront the trade services. Neither probe touches the pages, and neither is logged.
import type { Request, Response, Router } from "express";
import express from "express";
import type { Store } from "../../db/client";

/** What a process needs in order to serve: null when it has it, else what is missing. */
export type ReadinessCheck = () => Promise<string | null>;

/** How long the write probe may wait for the write lock, and how long its answer stands. */
const WRITE_PROBE_BUSY_MS = 1_000;
const WRITE_PROBE_EVERY_MS = 1_000;

/**
 * The database answers a read, and takes a write: the one heartbeat row rewritten (operator trial
 * L2: with the disk full every order failed while /readyz said ready). A committed write is what
 * fails on a full disk or a read-only file system; a rolled-back one never reaches the file. The
 * row is rewritten in place, so the database does not grow; at most one write a second however
 * often the balancer asks, waiting at most 1 s for the write lock.
 */
export function databaseAnswers(store: Store, now = Date.now): ReadinessCheck {
  const heartbeat = "INSERT INTO readiness_heartbeat (id, probed_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at";
  let last: { at: number; missing: string | null } | undefined;
  const probe = (): string | null => {
    try {
      store.sqlite.prepare("SELECT 1").get();
    } catch {
      return "database unavailable";
    }
    const { sqlite } = store;
    const busyTimeout = sqlite.pragma("busy_timeout", { simple: true }) as number;
    try {
      sqlite.pragma(`busy_timeout = ${WRITE_PROBE_BUSY_MS}`);
      sqlite.prepare(heartbeat).run(now());
      return null;
    } catch {
      return "database refuses writes";
    } finally {
      sqlite.pragma(`busy_timeout = ${busyTimeout}`);
    }
  };
  return async () => {
    if (!last || now() - last.at >= WRITE_PROBE_EVERY_MS || last.missing) last = { at: now(), missing: probe() };
    return last.missing;
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
