// An honest edit–test loop (architecture review 11c, R3: `invariantResponse`'s status changed in the source and the
// route tests still passed on the older build). The guard (buildIsStale in scripts/setup.mjs) runs before every test
// that loads the built storefront or starts the server: vitest's projects for tests/routes, tests/security and
// tests/operations (tests/support/storefront-build.ts) and Playwright's server (scripts/ensure-build.mjs). Here it
// judges a tree of its own, where a source is made newer than the build on purpose.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import playwrightConfig from "../../playwright.config";
import viteConfig from "../../vite.config";

const setup = pathToFileURL(resolve("scripts/setup.mjs")).href;
const tree = mkdtempSync(join(tmpdir(), "shop-stale-build-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

/** A file of the tree, written with a modification time `secondsAgo` in the past. */
function file(path: string, secondsAgo: number) {
  const full = join(tree, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, "");
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(full, when, when);
}

/** The guard's verdict on the tree, judged by a process working there (as `npm test` and Playwright run it). */
const stale = () =>
  execFileSync(process.execPath, ["--input-type=module", "-e", `import(${JSON.stringify(setup)}).then((m) => console.log(m.buildIsStale()))`], {
    cwd: tree,
    encoding: "utf8",
  }).trim();

describe("the stale-build guard", () => {
  it("finds nothing to do when both builds are newer than every source", () => {
    for (const source of [
      "app/root.tsx",
      "app/lib/errors.server.ts",
      "public/favicon.ico",
      "vite.config.ts",
      "boot.ts",
      "server/app.ts",
      "shared/money.ts",
      "db/schema.ts",
      "package-lock.json",
    ])
      file(source, 60);
    file("build/server/index.js", 30);
    file("build/boot.js", 30);
    file("build/admin.js", 30);
    expect(stale()).toBe("false");
  });

  it("rebuilds after a storefront source is edited (the review's case: a route's helper)", () => {
    file("app/lib/errors.server.ts", 0);
    expect(stale()).toBe("true");
    file("build/server/index.js", 0);
    expect(stale()).toBe("false");
  });

  it("rebuilds after a server source is edited", () => {
    file("shared/money.ts", 0);
    expect(stale()).toBe("true");
  });

  it("rebuilds when the admin script's bundle is older than a source, though the server's is not (npm run admin runs it)", () => {
    file("server/app.ts", 0);
    file("build/server/index.js", 0);
    file("build/boot.js", 0);
    expect(stale()).toBe("true");
    file("build/admin.js", 0);
    expect(stale()).toBe("false");
  });

  it("rebuilds when there is no build", () => {
    rmSync(join(tree, "build"), { recursive: true });
    expect(stale()).toBe("true");
  });
});

describe("every test that runs a build goes through it", () => {
  it("vitest: the projects that load the built storefront or start the server", () => {
    const config = viteConfig({ command: "serve", mode: "test" }) as { test: { projects: { test: { name: string; globalSetup?: string[] } }[] } };
    const projects = config.test.projects;
    const guarded = projects.filter((project) => project.test.globalSetup?.includes("tests/support/storefront-build.ts")).map((project) => project.test.name);
    expect(guarded).toEqual(["isolated", "server"]);
  });

  it("Playwright: its server command builds what is stale before it starts", () => {
    const webServer = playwrightConfig.webServer;
    expect(webServer && !Array.isArray(webServer) ? webServer.command : "").toMatch(/^\S+ scripts\/ensure-build\.mjs && /);
  });
});
