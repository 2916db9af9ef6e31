// The visitors' page cache (server/page-cache.ts) on the production build, in a real browser: a
// page served from the cache hydrates under its hash-based CSP (the fixtures fail on any console
// error, a CSP refusal included), still counts as a page view, and a member is never served a
// cached page. The suite's own server runs with NODE_ENV=test, where the cache is off, so this
// spec starts a production server of its own.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { createSeededDb, credentialFor } from "../bench/data";
import { startServer, type BenchServer } from "../bench/server";
import { expect, jsEnabled, test } from "./fixtures";

let server: BenchServer;
let dir: string;
let dbFile: string;
let memberId: number;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dir = mkdtempSync(join(tmpdir(), "shop-page-cache-"));
  const seeded = createSeededDb(dir);
  dbFile = seeded.dbFile;
  memberId = seeded.summary.members[0]!.memberId;
  server = await startServer({ dbFile, logDir: dir, env: { PAGE_CACHE_TTL_MS: "60000" } });
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const pageViews = (route: string) => {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (
      db
        .prepare("select count(*) as n from analytics_events where click_name = 'ttsgame_all_show' and json_extract(action_extra_info, '$.route_name') = ?")
        .get(route) as { n: number }
    ).n;
  } finally {
    db.close();
  }
};

test("a second visitor gets the goods page from the cache, working, and counted", async ({ browser }, testInfo) => {
  const url = `${server.url}/topic/G1001?v=${testInfo.project.name}`;
  const first = await browser.newContext({ javaScriptEnabled: jsEnabled(testInfo.project.name) });
  expect((await (await first.newPage()).goto(url))!.headers()["x-page-cache"]).toBe("MISS");
  await first.close();

  const context = await browser.newContext({ javaScriptEnabled: jsEnabled(testInfo.project.name) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  const response = await page.goto(url);
  expect(response!.headers()["x-page-cache"]).toBe("HIT");
  expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (jsEnabled(testInfo.project.name)) {
    // hydrated: a client-side navigation happens without a document load
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.getByRole("banner").getByRole("link", { name: "TTS游戏商城 首页" }).click();
    // a client navigation asks this second server for the route map, the home page's data and its module: on a busy
    // machine (a fresh-clone run beside a busy loop) that took longer than the 5 s an assertion waits by default
    await expect(page).toHaveURL(`${server.url}/`, { timeout: 15_000 });
  }
  expect(errors, "console errors on the cached page").toEqual([]);
  await context.close();

  // both documents count, the cached one too (page views go out within a second)
  await expect.poll(() => pageViews("/topic/G1001")).toBeGreaterThanOrEqual(2);
});

test("a member is never served a cached page", async ({ browser }) => {
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${server.url}/`);
  await expect(visitorPage.getByRole("banner").getByRole("link", { name: "登录" })).toBeVisible();
  await visitor.close();

  const member = await browser.newContext();
  await member.addCookies([{ name: "login_credential", value: credentialFor(dbFile, memberId), url: server.url }]);
  const page = await member.newPage();
  const response = await page.goto(`${server.url}/`);
  expect(response!.headers()["x-page-cache"]).toBeUndefined();
  // the member's own header, not the visitor's cached one
  await expect(page.getByRole("banner").getByRole("link", { name: "登录" })).toHaveCount(0);
  await member.close();
});
