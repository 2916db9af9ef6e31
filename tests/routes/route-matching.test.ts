// The server matches routes through @remix-run/router's CommonJS build, which patches/ changes so a
// route tree's ranked branches and each compiled path are worked out once
// (docs/decisions/040-route-matching-memo.md). The package's ES build is left as published: every
// URL below must match the shop's routes the same way through both.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

type Routes = import("@remix-run/router").AgnosticRouteObject[];
type Router = typeof import("@remix-run/router");

const require = createRequire(import.meta.url);
const patchedFile = require.resolve("@remix-run/router");
const patched = require(patchedFile) as Router;
const publishedFile = patchedFile.replace(/router\.cjs\.js$/, "router.js");
const published = (await import(publishedFile)) as Router;

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** The shop's route tree as the server build declares it, as fresh objects each call. */
async function shopRoutes(): Promise<Routes> {
  const build = (await import(fileURLToPath(new URL("../../build/server/index.js", import.meta.url)))) as { routes: Record<string, ManifestRoute> };
  const manifest = Object.values(build.routes);
  const childrenOf = (parentId: string | undefined): Routes =>
    manifest
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: childrenOf(r.id) },
      );
  return childrenOf(undefined);
}

/** Every route's path with its parameters filled in several ways, plus paths that match nothing or only the splat. */
function urlsFor(routes: Routes): string[] {
  const paths: string[] = [];
  const walk = (list: Routes, prefix: string) => {
    for (const r of list) {
      const path = r.path ? `${prefix}/${r.path}` : prefix;
      paths.push(path || "/");
      if (r.children) walk(r.children, path);
    }
  };
  walk(routes, "");
  const fills = ["G1001", "%E9%BB%91%E7%A5%9E%E8%AF%9D", "a%2Fb", "x y"];
  const urls = paths.flatMap((p) => fills.flatMap((v) => [p.replace(/:[\w-]+/g, v)]));
  return [...new Set(urls.flatMap((u) => [u, `${u}/`, u.toUpperCase(), `${u}/extra`]).concat(["/", "", "//", "/nowhere", "/topic", "/order", "/a/b/c/d"]))];
}

const summary = (matches: ReturnType<Router["matchRoutes"]>) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

describe("the route matching memo (patches/@remix-run+router)", () => {
  it("is in the router the server loads, and not in the browser's build", () => {
    expect(readFileSync(patchedFile, "utf8")).toContain("rankedBranchesOf");
    expect(readFileSync(publishedFile, "utf8")).not.toContain("rankedBranchesOf");
  });

  it("matches every URL to the same routes and parameters as the published router, again and again", async () => {
    const routes = await shopRoutes();
    const urls = urlsFor(routes);
    expect(urls.length).toBeGreaterThan(200);
    for (let round = 0; round < 3; round += 1) {
      for (const url of urls) expect(summary(patched.matchRoutes(routes, url)), url).toEqual(summary(published.matchRoutes(routes, url)));
    }
  });

  it("takes a new route tree as new, even one holding the same paths (the storefront builds one per render)", async () => {
    const first = await shopRoutes();
    expect(summary(patched.matchRoutes(first, "/topic/G1001"))?.at(-1)?.id).toBe("routes/topic.$goodId");
    const changed = await shopRoutes();
    changed[0]!.children = changed[0]!.children!.filter((r) => r.id !== "routes/topic.$goodId");
    expect(summary(patched.matchRoutes(changed, "/topic/G1001"))?.at(-1)?.id).toBe("routes/$");
    expect(summary(patched.matchRoutes(first, "/topic/G1001"))?.at(-1)?.id).toBe("routes/topic.$goodId");
  });

  it("keeps a case-sensitive route case-sensitive beside the same path compiled without it", () => {
    const routes: Routes = [
      { id: "exact", path: "/Exact", caseSensitive: true },
      { id: "loose", path: "/Exact/*" },
    ];
    const loose: Routes = [{ id: "any", path: "/Exact" }];
    for (const url of ["/Exact", "/exact", "/EXACT", "/Exact/x"]) {
      expect(summary(patched.matchRoutes(loose, url)), url).toEqual(summary(published.matchRoutes(loose, url)));
      expect(summary(patched.matchRoutes(routes, url)), url).toEqual(summary(published.matchRoutes(routes, url)));
    }
  });

  it("answers a path matched before with the same frozen matches (a request matches its path three times)", async () => {
    const routes = await shopRoutes();
    const first = patched.matchRoutes(routes, "/topic/G1001")!;
    expect(patched.matchRoutes(routes, "/topic/G1001")).toBe(first);
    expect(Object.isFrozen(first) && first.every((m) => Object.isFrozen(m) && Object.isFrozen(m.params))).toBe(true);
    // strict code that tried to change a kept match would throw, not change the next request's
    expect(() => Object.assign(first.at(-1)!.params, { goodId: "G9999" })).toThrow(TypeError);
    expect(patched.matchRoutes(routes, "/topic/G1001")!.at(-1)!.params).toEqual({ goodId: "G1001" });
  });

  it("keeps at most 500 paths per route tree however many are asked (abuse case: a flood of made-up paths)", async () => {
    const routes = await shopRoutes();
    const first = patched.matchRoutes(routes, "/topic/FLOOD-0");
    for (let i = 1; i <= 2_000; i += 1) patched.matchRoutes(routes, `/topic/FLOOD-${i}`);
    const again = patched.matchRoutes(routes, "/topic/FLOOD-0");
    expect(again, "the oldest path was let go").not.toBe(first);
    expect(summary(again)).toEqual(summary(first));
    expect(summary(patched.matchRoutes(routes, "/topic/FLOOD-1999"))).toEqual(summary(published.matchRoutes(routes, "/topic/FLOOD-1999")));
  });
});
