// docs/api.md must not drift from the server: (a) it documents every route the trade routers
// declare and nothing else; (b) running the examples again gives answers of the same shape and
// HTTP status as the document shows.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { heading, readApiDocs, runCatalogue, type DocumentedAnswer, type DocumentedEndpoint, type Exchange } from "./api-docs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string) => readFileSync(ROOT + path, "utf8");
const REGENERATE = "docs/api.md is out of date: run `npm run docs:api`";

// ─── the routes the source declares ──────────────────────────────────────

/** Where server/app.ts mounts the trade services ("/api"). */
function apiPrefix(): string {
  const mount = /app\.use\("([^"]+)",[^\n]*?\btradeRouter\(/.exec(read("server/app.ts"));
  if (!mount?.[1]) throw new Error("server/app.ts does not mount tradeRouter");
  return mount[1];
}

/** Router factory name → its file under server/trade/, from the imports of router.ts. */
function factoryFiles(routerSource: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names = "", file = ""] of routerSource.matchAll(/import\s*\{([^}]+)\}\s*from\s*"\.\/(api\/[\w.-]+)"/g)) {
    for (const name of names.split(",")) files.set(name.trim(), `server/trade/${file}.ts`);
  }
  return files;
}

/** `router.get/post(...)` calls inside one factory function of a router file. */
function routesOf(source: string, factory: string): { method: string; path: string }[] {
  const start = source.indexOf(`function ${factory}(`);
  if (start < 0) throw new Error(`no function ${factory}`);
  const rest = source.slice(start + 1);
  const end = rest.search(/^(export )?function /m);
  const body = end < 0 ? rest : rest.slice(0, end);
  return [...body.matchAll(/router\.(get|post|put|patch|delete)\(\s*"([^"]+)"/g)].map(([, method = "", path = ""]) => ({ method: method.toUpperCase(), path }));
}

/** Every route under /api as `METHOD /full/path`, with `:param` placeholders. */
function declaredRoutes(): string[] {
  const prefix = apiPrefix();
  const routerSource = read("server/trade/router.ts");
  const files = factoryFiles(routerSource);
  const routes: string[] = [];
  for (const [, mount = "", factory = ""] of routerSource.matchAll(/api\.use\("([^"]+)",\s*(\w+)\(/g)) {
    const file = files.get(factory);
    if (!file) throw new Error(`server/trade/router.ts mounts ${factory}, imported from no api/ file`);
    for (const route of routesOf(read(file), factory)) routes.push(`${route.method} ${prefix}${mount}${route.path === "/" ? "" : route.path}`);
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

  it("documents every route declared in server/trade", () => {
    const missing = routes.filter((route) => !sections.has(route));
    expect(missing, `routes without a "### METHOD /path" section (${missing.join(", ")}): add them to tests/api/api-docs.ts and run \`npm run docs:api\``).toEqual([]);
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
