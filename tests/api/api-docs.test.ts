// docs/api.md must not drift from the server: (a) it documents every route the trade routers
// declare and nothing else; (b) running the examples again gives answers of the same shape and
// HTTP status as the document shows.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../db/client";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import type { TradeDeps } from "../../server/trade/deps";
import { TRADE_API_PREFIX, TRADE_SERVICES } from "../../server/trade/router";
import { heading, readApiDocs, runCatalogue, type DocumentedAnswer, type DocumentedEndpoint, type Exchange } from "./api-docs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string) => readFileSync(ROOT + path, "utf8");
const REGENERATE = "docs/api.md is out of date: run `npm run docs:api`";

// ─── the routes the server declares ──────────────────────────────────────

/** Every route under TRADE_API_PREFIX as `METHOD /full/path`, with `:param` placeholders, read from
 * the routers themselves (Express 4 keeps each `router.get/post(...)` as a layer of `stack`). */
function declaredRoutes(): string[] {
  const deps: TradeDeps = {
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    store: openStore(":memory:"),
    logger: createLogger("silent"),
    now: Date.now,
  };
  const routes: string[] = [];
  for (const service of TRADE_SERVICES) {
    for (const layer of service.router(deps).stack as { route?: { path: string; methods: Record<string, boolean> } }[]) {
      if (!layer.route) continue;
      const path = `${TRADE_API_PREFIX}${service.path}${layer.route.path === "/" ? "" : layer.route.path}`;
      for (const method of Object.keys(layer.route.methods)) routes.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return routes;
}

// ─── shapes ──────────────────────────────────────────────────────────────

type Shape = string | Shape[] | { [key: string]: Shape };

/** Keys (recursively), value types, and the shape of an array's first element. */
function shapeOf(value: unknown): Shape {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(entries.map(([k, v]) => [k, shapeOf(v)]));
  }
  return typeof value;
}

const mime = (contentType: string) => contentType.split(";")[0]?.trim() ?? "";

/** Soft: one run reports every drifted answer, not only the first. */
function expectSameAnswer(live: Exchange, documented: DocumentedAnswer | undefined, where: string) {
  expect.soft(documented, `${where}: no answer in the document. ${REGENERATE}`).toBeDefined();
  if (!documented) return;
  expect.soft(live.status, `${where}: HTTP status changed. ${REGENERATE}`).toBe(documented.status);
  expect.soft(mime(live.contentType), `${where}: content type changed. ${REGENERATE}`).toBe(mime(documented.contentType));
  expect.soft(shapeOf(live.body), `${where}: answer shape changed. ${REGENERATE}`).toEqual(shapeOf(documented.body));
}

// ─── the tests ───────────────────────────────────────────────────────────

const markdown = read("docs/api.md");
const sections = readApiDocs(markdown);

describe("docs/api.md lists the routes", () => {
  const routes = declaredRoutes();

  it("finds the routes in the source", () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
    expect(routes).toContain("POST /api/trade_bff/v1/order");
    expect(routes).toContain("GET /api/trade_bff/v2/order/:orderNo");
  });

  it("documents every route the trade routers declare", () => {
    const missing = routes.filter((route) => !sections.has(route));
    expect(
      missing,
      `routes without a "### METHOD /path" section (${missing.join(", ")}): add them to tests/api/api-docs.ts and run \`npm run docs:api\``,
    ).toEqual([]);
  });

  it("documents no route that does not exist", () => {
    const stale = [...sections.keys()].filter((title) => !routes.includes(title));
    expect(stale, `sections for routes that no longer exist (${stale.join(", ")}). ${REGENERATE}`).toEqual([]);
  });
});

describe("docs/api.md shows what the server answers", () => {
  let documented: DocumentedEndpoint[] = [];
  beforeAll(async () => {
    documented = await runCatalogue();
  }, 30_000);

  it("has every example of the catalogue, an answer and a failure each", () => {
    for (const { endpoint } of documented) {
      expect.soft(sections.get(heading(endpoint))?.length, `${heading(endpoint)}: ${REGENERATE}`).toBe(2);
    }
  });

  it("answers the examples with the documented statuses and shapes", () => {
    for (const { endpoint, example, failure } of documented) {
      const [exampleDoc, failureDoc] = sections.get(heading(endpoint)) ?? [];
      expectSameAnswer(example, exampleDoc, `${heading(endpoint)} (example)`);
      expectSameAnswer(failure, failureDoc, `${heading(endpoint)} (failure example)`);
    }
  });
});
