// Names of the diagnostics channels (node:diagnostics_channel) on which the storefront tells the
// process's metrics (server/metrics.ts) what happened, without importing them.

/** Published for each answer of the trade services: `{ cached: boolean; reused: boolean }` (from the HTTP cache; its kept parsed result reused). */
export const TRADE_API_ANSWER = "shop:trade-api-answer";

/** Published for each document the storefront renders: `{ render: "string" | "stream" }` (app/entry.server.tsx). */
export const DOCUMENT_RENDER = "shop:document-render";

/** Published for each unexpected error that failed a request or a background job: the error (server/metrics.ts counts the database's by cause). */
export const UNEXPECTED_ERROR = "shop:unexpected-error";

/** The background jobs (server/trade/jobs/index.ts), by the name their failures are counted under. */
export const JOBS = ["expiry", "fulfilment", "refunds", "trades", "restock notices", "message relay", "retention"] as const;

/**
 * Published for each failed pass of a background job: `{ job, error }`. Counted where the jobs run, by the process that
 * holds the store (server/metrics.ts's storeMetrics): a cluster's primary, which serves no requests, included.
 */
export const JOB_FAILED = "shop:job-failed";
