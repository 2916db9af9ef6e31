// docs/upgrading.md, the upgrade ledger (architecture review 11c, R3): a test for each place the shop relies on an
// internal of Remix 2 or React 18, against the installed packages and the production server's real pages, and the
// versions the ledger was last checked against. After an upgrade this file names what to re-check.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { DISCRETE_EVENTS } from "../../app/lib/hydration-shield";
import { INERT_MODULE, INERT_PRELOAD } from "../../app/lib/scripts-after-hero";
import { inlineScriptHashes } from "../../server/page-cache";
import { sharedShop } from "../security/shop";

const require = createRequire(import.meta.url);
const ledger = readFileSync("docs/upgrading.md", "utf8");
const installed = (name: string) => (JSON.parse(readFileSync(`node_modules/${name}/package.json`, "utf8")) as { version: string }).version;

let page: string;
beforeAll(async () => {
  // a page with the shell, the loader data and the hero image: every inline script and preload a page has
  page = await (await fetch(`${sharedShop().url}/`)).text();
});

it("pins the versions the ledger was last checked against (an upgrade fails here until each row is re-checked)", () => {
  const checked = ledger.match(/\*\*Checked against:\*\*([^\n]*\n[^\n]*)/)?.[1] ?? "";
  for (const name of ["react", "react-dom"]) expect(checked).toContain(`\`${name}\` ${installed(name)}`);
  for (const name of ["@remix-run/react", "@remix-run/node", "@remix-run/express", "@remix-run/dev"]) {
    expect(installed(name), name).toBe(installed("@remix-run/react"));
    expect(checked).toContain(`\`${name}\``);
  }
  expect(checked).toContain(`\`@remix-run/dev\` ${installed("@remix-run/react")}`);
  expect(checked).toContain(`\`@remix-run/router\` ${installed("@remix-run/router")}`);
  expect(checked).toContain(`\`turbo-stream\` ${installed("turbo-stream")}`);
  expect(checked).toContain(`\`node\` ${installed("node")}`);
});

// rows 4 and 6 are held by app/server-only/document-body.test.ts and tests/operations/page-compression.test.ts
describe("each row's reliance still holds", () => {
  it("1. the router patch is for the installed router, and in the file the server loads", () => {
    expect(ledger).toContain(`patches/@remix-run+router+${installed("@remix-run/router")}.patch`);
    const loaded = readFileSync(require.resolve("@remix-run/router/dist/router.cjs.js"), "utf8");
    expect(loaded).toContain("function rankedBranchesOf(routes)");
  });

  it("8. the turbo-stream patch is for the installed version, and in the file Remix's encoder loads", () => {
    expect(ledger).toContain(`patches/turbo-stream+${installed("turbo-stream")}.patch`);
    const runtime = createRequire(require.resolve("@remix-run/server-runtime/dist/single-fetch.js"));
    const loaded = readFileSync(runtime.resolve("turbo-stream").replace(/turbo-stream\.js$/, "flatten.js"), "utf8");
    expect(loaded).toContain("function spliceShared(input)");
  });

  it("2. the Express adapter's dist/server.js still has the request and response helpers", async () => {
    const adapter = (await import("@remix-run/express/dist/server.js")) as Record<string, unknown>;
    expect(typeof adapter.createRemixRequest).toBe("function");
    expect(typeof adapter.sendRemixResponse).toBe("function");
  });

  it("3. every module preload and the module script of a real page were made inert (Remix wrote the expected bytes)", () => {
    expect(page).toContain(`<link rel="${INERT_PRELOAD}"`);
    expect(page).toContain(` type="${INERT_MODULE}" async=""`);
    expect(page).not.toMatch(/<link\b[^>]*\brel="?modulepreload/);
    expect(page).not.toMatch(/<script\b[^>]*\btype="?module"?[ >]/);
  });

  it("5. the hydration shield stops exactly the events React hydrates synchronously on", () => {
    const reactDom = readFileSync("node_modules/react-dom/cjs/react-dom.development.js", "utf8");
    const list = reactDom.match(/var discreteReplayableEvents = \[([^\]]*)\]/)?.[1];
    expect(list, "react-dom no longer has discreteReplayableEvents: re-check the shield (docs/upgrading.md row 5)").toBeDefined();
    const events = [...list!.matchAll(/'([a-zA-Z]+)'/g)].map((m) => m[1]);
    expect([...DISCRETE_EVENTS].sort()).toEqual(events.sort());
  });

  it("7. every inline script of a real page is found and hashed for a cached copy's CSP", () => {
    const scriptTags = page.match(/<script\b/gi) ?? [];
    const withSource = page.match(/<script\b[^>]*\bsrc\s*=/gi) ?? [];
    const inline = scriptTags.length - withSource.length;
    expect(inline).toBeGreaterThan(1);
    // one hash per distinct inline script: as many as there are, unless two are the same
    const distinct = new Set(
      [...page.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].filter((m) => !/\bsrc\s*=/i.test(m[0].slice(0, m[0].indexOf(">")))).map((m) => m[1]),
    );
    expect(distinct.size).toBeGreaterThan(1);
    expect(inlineScriptHashes(page)).toHaveLength(distinct.size);
    // and none was missed: every inline opening tag is closed where the hash ends
    expect([...page.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/gi)]).toHaveLength(scriptTags.length);
  });
});
