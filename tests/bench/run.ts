// `npm run bench`: throughput and latency of the main pages and API endpoints beside a raw
// node:http ceiling, search and order-list scaling, first-load client weight and Lighthouse, on the
// production build over a fresh seeded temp database; results printed and kept in
// docs/benchmarks.md. `--soak` runs the mixed soak instead. Flags: see USAGE.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, freemem, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { Request as CannonRequest } from "autocannon";
import Database from "better-sqlite3";
import { gunzipSync } from "node:zlib";
import { signNotification } from "../../server/trade/providers/pay-sandbox";
import { addStock, createSeededDb, credentialFor, growCatalogue, memberWithOrders, searchKeywords, skuToBuy } from "./data";
import { runLighthouse, type LighthouseFigures } from "./lighthouse";
import { browserCookies, measure, rawRequest, startCeiling, type CeilingRoute, type Figures, type Target } from "./load";
import { formatSummary, LAYERS, layerShares, summariseProfile, type Layer } from "./profile";
import { scaleFigures } from "./scale";
import { SERVER_V8_FLAGS } from "../../scripts/setup.mjs";
import { PAY_NOTIFY_SECRET, startServer, type BenchServer } from "./server";
import { soak, type SoakReport } from "./soak";
import { firstLoadWeight, type Weight } from "./weight";

const USAGE = `npm run bench [-- flags]
  (default)        load figures, scaling, client weight and Lighthouse
  --quick          3 s per target instead of 10
  --duration N     seconds per target
  --connections N  autocannon connections (10)
  --no-lighthouse  skip Lighthouse
  --lighthouse     Lighthouse only
  --cost           the member pages' cost table only (CPU ms per request by layer, under --cpu-prof)
  --soak           the mixed soak instead (--minutes N, default 3)
  --heap           V8's heap flags weighed: a server per set (16, 32, 64 MB semi-spaces with the
                   old-generation cap, 32 without it), the member goods page on each in turns
                   (--rounds N, default 3): CPU ms/req and RSS
  --scale          one process, node:cluster and nginx in front of split roles (installs nginx as root)
  --profile        node --cpu-prof under load: the member pages, an uncached page and the order
                   scenario, each in its own server; prints self time by package and by function
  --only TEXT      with --profile: only the targets whose name contains TEXT
  --ab A,B[,C…]    the member pages on the builds of other trees (each a directory with a build/, e.g. a
                   checkout of an earlier commit, built), in turns, order reversed every other round
                   (--rounds N, default 3; a tree given as DIR@NODE runs on that node binary):
                   CPU ms/req, main and other threads, allocation per page; printed only
  --no-write       print only; leave docs/benchmarks.md alone`;

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const value = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  const n = i >= 0 ? Number(args[i + 1]) : NaN;
  return Number.isFinite(n) && n > 0 ? n : fallback;
};
if (flag("--help") || flag("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const duration = value("--duration", flag("--quick") ? 3 : 10);
const connections = value("--connections", 10);
const mode = flag("--soak")
  ? "soak"
  : flag("--ab")
    ? "ab"
    : flag("--heap")
      ? "heap"
      : flag("--scale")
        ? "scale"
        : flag("--profile")
          ? "profile"
          : flag("--lighthouse")
            ? "lighthouse"
            : flag("--cost")
              ? "cost"
              : "load";
const abTrees = flag("--ab") ? (args[args.indexOf("--ab") + 1] ?? "").split(",").filter(Boolean) : [];
const withLighthouse = mode === "lighthouse" || (mode === "load" && !flag("--no-lighthouse"));
const write = !flag("--no-write");

const root = resolve(import.meta.dirname, "../..");
process.chdir(root);
const DOC = join(root, "docs/benchmarks.md");
const started = new Date();

// ─── build and a fresh database ─────────────────────────────────────────
const { ensureBuild } = (await import(join(root, "scripts/setup.mjs"))) as { ensureBuild(): void };
ensureBuild();
const dir = mkdtempSync(join(tmpdir(), "shop-bench-"));
console.log(`bench: temp database in ${dir}`);
const { dbFile, summary } = createSeededDb(dir);
const [firstMember, secondMember] = summary.members;
const loginCookie = `login_credential=${credentialFor(dbFile, firstMember!.memberId)}`;
// the database as seeded, before any section writes to it: the load section's order scenario leaves thousands of
// paid orders for the background jobs, which a later server on the same file would deliver while it is measured
const pristineDb = join(dir, "pristine.sqlite");
copyFileSync(dbFile, pristineDb);
const PAGE_KEYWORD = "黑神话";
const DETAIL_GOODS = "G1001";

const servers: BenchServer[] = [];
async function serve(env: Record<string, string> = {}, v8Flags?: string[]) {
  const server = await startServer({ dbFile, logDir: dir, env, v8Flags });
  servers.push(server);
  return server;
}
async function cleanUp() {
  for (const s of servers) await s.stop().catch(() => {});
}
process.on("SIGINT", () => void cleanUp().then(() => process.exit(130)));

const machine = () => {
  const node = process.version;
  const nproc = execFileSync("nproc", { encoding: "utf8" }).trim();
  return `${started.toISOString().slice(0, 16).replace("T", " ")} UTC · ${nproc} cores (${cpus()[0]?.model.trim()}) · ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory (${(freemem() / 2 ** 30).toFixed(1)} free) · Node ${node} · load average at start ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`;
};
const machineLine = machine();
console.log(machineLine);

// ─── load figures ───────────────────────────────────────────────────────

/** What the second request of each visitor page answered in X-Page-Cache. */
const cacheAnswers: string[] = [];

interface Row {
  group: string;
  target: Target;
  figures: Figures;
  ceiling?: Figures;
}

async function loadMode(): Promise<string> {
  const server = await serve();
  const base = server.url;
  const load = { duration, connections };
  const rows: Row[] = [];
  const searchPath = `/search-result/${encodeURIComponent(PAGE_KEYWORD)}`;
  const hasSearchPage = (await rawRequest(base + searchPath)).status === 200;

  const pageTargets: Target[] = [
    { name: "home page", path: "/" },
    { name: "goods detail page", path: `/topic/${DETAIL_GOODS}` },
    ...(hasSearchPage ? [{ name: `search results page (${PAGE_KEYWORD})`, path: searchPath }] : []),
  ];
  const pageRows: Row[] = [];
  const memberCookie = { cookie: await browserCookies(base, loginCookie) };
  for (const page of pageTargets) {
    // a visitor's page comes from the page cache once rendered (server/page-cache.ts)
    await rawRequest(base + page.path);
    cacheAnswers.push(`${page.name}: ${(await rawRequest(base + page.path)).headers["x-page-cache"] ?? "not cached"}`);
    pageRows.push({ group: "pages, visitor", target: page, figures: await measureLogged(base, page, load, server) });
    const member = { ...page, name: `${page.name}, member`, headers: memberCookie };
    pageRows.push({ group: "pages, member", target: member, figures: await measureLogged(base, member, load, server) });
  }
  const orderList = { name: "order list page, member", path: "/order/list", headers: memberCookie };
  pageRows.push({ group: "pages, member", target: orderList, figures: await measureLogged(base, orderList, load, server) });
  // what a visitor's page costs to render: the same pages with the page cache off
  const uncached = await serve({ PAGE_CACHE_TTL_MS: "0" });
  for (const page of pageTargets) {
    pageRows.push({ group: "pages, visitor, page cache off", target: page, figures: await measureLogged(uncached.url, page, load, uncached) });
  }
  await uncached.stop();
  rows.push(...pageRows);

  const apiTargets: Target[] = [
    { name: "layout (HOME)", path: "/api/trade_bff/v1/shopping/layout?page_type=HOME" },
    { name: `goods search (${PAGE_KEYWORD})`, path: `/api/trade_bff/v1/goods/search?keyword=${encodeURIComponent(PAGE_KEYWORD)}` },
    { name: "goods detail", path: `/api/trade_bff/v2/goods/${DETAIL_GOODS}` },
  ];
  const apiRows: Row[] = [];
  for (const api of apiTargets) apiRows.push({ group: "API", target: api, figures: await measureLogged(base, api, load, server) });

  const { target: orderTarget, answered, paid, member, memberHeaders, createBody, buy } = orderScenario();
  const ordersBefore = countOrders(member.memberId);
  const orderFigures = await measureLogged(base, orderTarget, load, server);
  const ordersAfter = countOrders(member.memberId);
  const unpaid = countUnpaid(paid);
  apiRows.push({ group: "API", target: orderTarget, figures: orderFigures });
  rows.push(...apiRows);
  const orderCheck = {
    answered: answered.length,
    created: ordersAfter - ordersBefore,
    paid: paid.length,
    missing: answered.filter((no) => !orderExists(no)).length,
    unpaid,
  };

  // the ceiling: the same bytes from a raw node:http server
  const routes: CeilingRoute[] = [];
  for (const row of [...pageRows, ...apiRows]) {
    if (row.target.requests) continue;
    routes.push({ method: "GET", prefix: row.target.path, answer: await rawRequest(base + row.target.path, { headers: row.target.headers }) });
  }
  // the order scenario: one real pass, its three answers
  const created = await rawRequest(`${base}/api/trade_bff/v1/order`, { method: "POST", headers: memberHeaders, body: createBody });
  const orderNo = JSON.parse(gunzipIfNeeded(created)).result.order_no as string;
  const n = { notify_id: `bench-ceiling-${orderNo}`, order_no: orderNo, trade_status: "SUCCESS" as const, amount: buy.priceCents, pay_way: "WX" };
  const notified = await rawRequest(`${base}/api/pay_gateway/notify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...n, sign: signNotification(PAY_NOTIFY_SECRET, n) }),
  });
  const status = await rawRequest(`${base}/api/trade_bff/v1/order/status/${orderNo}`, { headers: memberHeaders });
  // most specific first: the search page's path is a prefix of nothing else, "/" of everything
  routes.sort((a, b) => b.prefix.length - a.prefix.length);
  routes.push(
    { method: "POST", prefix: "/api/trade_bff/v1/order", answer: created },
    { method: "POST", prefix: "/api/pay_gateway/notify", answer: notified },
    { method: "GET", prefix: "/api/trade_bff/v1/order/status/", answer: status },
  );
  const ceiling = await startCeiling(dir, routes);
  for (const row of rows) {
    const target = row.target.requests ? { ...row.target, requests: ceilingRequests(memberHeaders, createBody) } : row.target;
    row.ceiling = await measure(ceiling.url, target, load);
    console.log(`  ceiling ${row.target.name}: ${fmtRate(row.ceiling.rate)} ${row.target.unit ?? "req/s"}, p99 ${row.ceiling.p99} ms`);
  }
  await ceiling.stop();

  // client weight, from the pages' HTML as a visitor gets it
  const weights: { page: string; weight: Weight }[] = [];
  for (const page of pageTargets) {
    const html = await (await fetch(base + page.path)).text();
    weights.push({ page: page.name, weight: firstLoadWeight(html, join(root, "build/client")) });
  }
  await server.stop();

  // scaling: the search and the order list without the services' cache, so each request queries
  const scaling = await scalingFigures(load);

  return renderLoad(rows, orderCheck, weights, scaling, hasSearchPage);
}

/**
 * Create order + pay notification + status, one order per pass of the sequence, as the second
 * seeded member; what each pass was answered is kept for the check after the run.
 */
function orderScenario() {
  const buy = skuToBuy(dbFile, DETAIL_GOODS);
  addStock(dbFile, buy.skuNo, 200_000);
  const member = secondMember!;
  const memberHeaders = { "Login-Credential": credentialFor(dbFile, member.memberId), "content-type": "application/json" };
  const createBody = JSON.stringify({
    customer: { user_id: String(member.memberId), user_phone: "", user_email: "" },
    units: [{ goods_no: buy.goodsNo, sku_no: buy.skuNo, sku_num: 1 }],
    pay_way: "WX",
    coupons: [],
  });
  const answered: string[] = [];
  const paid: string[] = [];
  let notifyCount = 0;
  const orderRequests: CannonRequest[] = [
    {
      method: "POST",
      path: "/api/trade_bff/v1/order",
      headers: memberHeaders,
      body: createBody,
      onResponse: (status, body, context) => {
        if (status !== 200) return;
        const orderNo = JSON.parse(body).result.order_no as string;
        answered.push(orderNo);
        context.orderNo = orderNo;
      },
    },
    {
      method: "POST",
      path: "/api/pay_gateway/notify",
      setupRequest: (request, context) => {
        const orderNo = context.orderNo as string | undefined;
        if (!orderNo) return null;
        notifyCount += 1;
        const n = { notify_id: `bench-${orderNo}-${notifyCount}`, order_no: orderNo, trade_status: "SUCCESS" as const, amount: buy.priceCents, pay_way: "WX" };
        return { ...request, headers: { "content-type": "application/json" }, body: JSON.stringify({ ...n, sign: signNotification(PAY_NOTIFY_SECRET, n) }) };
      },
      onResponse: (status, body, context) => {
        if (status === 200 && JSON.parse(body).result.outcome === "APPLIED") paid.push(context.orderNo as string);
      },
    },
    {
      method: "GET",
      setupRequest: (request, context) =>
        context.orderNo ? { ...request, path: `/api/trade_bff/v1/order/status/${context.orderNo as string}`, headers: memberHeaders } : null,
    },
  ];
  const orderTarget: Target = {
    name: "create order + pay notification + status",
    path: "/api/trade_bff/v1/order",
    requests: orderRequests,
    perUnit: 3,
    unit: "orders/s",
  };
  return { target: orderTarget, answered, paid, member, memberHeaders, createBody, buy };
}

function ceilingRequests(memberHeaders: Record<string, string>, createBody: string): CannonRequest[] {
  return [
    { method: "POST", path: "/api/trade_bff/v1/order", headers: memberHeaders, body: createBody },
    { method: "POST", path: "/api/pay_gateway/notify", headers: { "content-type": "application/json" }, body: "{}" },
    { method: "GET", path: "/api/trade_bff/v1/order/status/TT00000000000000", headers: memberHeaders },
  ];
}

async function measureLogged(base: string, target: Target, load: { duration: number; connections: number }, server?: BenchServer) {
  const figures = await measure(base, target, load, server);
  console.log(
    `  ${target.name}: ${fmtRate(figures.rate)} ${target.unit ?? "req/s"}, p50 ${figures.p50} ms, p99 ${figures.p99} ms` +
      `${figures.cpuMsPerRequest !== undefined ? `, ${figures.cpuMsPerRequest.toFixed(2)} CPU ms/req` : ""}` +
      `${figures.non2xx ? `, ${figures.non2xx} non-2xx` : ""}${figures.errors ? `, ${figures.errors} errors` : ""}`,
  );
  return figures;
}

function gunzipIfNeeded(answer: { headers: Record<string, string>; body: Buffer }): string {
  return (answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.body) : answer.body).toString("utf8");
}

/** One value read from the bench's database (its own read-only connection). */
function sql<T>(query: string, ...params: unknown[]): T {
  sqliteHandle ??= new Database(dbFile, { readonly: true });
  return sqliteHandle
    .prepare(query)
    .pluck()
    .get(...params) as T;
}
let sqliteHandle: Database.Database | null = null;
const countOrders = (memberId: number) => sql<number>("SELECT count(*) FROM orders WHERE member_id = ?", memberId);
const orderExists = (orderNo: string) => sql<number>("SELECT count(*) FROM orders WHERE order_no = ?", orderNo) === 1;
function countUnpaid(orderNos: string[]): number {
  return orderNos.filter((no) => !["PAY_SUCCESS", "SENDING", "SEND_SUCCESS"].includes(sql<string>("SELECT status FROM orders WHERE order_no = ?", no))).length;
}

// ─── scaling ────────────────────────────────────────────────────────────

interface ScalingRow {
  what: string;
  size: string;
  figures: Figures;
}

async function scalingFigures(load: { duration: number; connections: number }): Promise<ScalingRow[]> {
  const rows: ScalingRow[] = [];
  const scaleLoad = { ...load, duration: Math.max(2, Math.round(load.duration / 2)) };
  const server = await serve({ TRADE_CACHE_TTL_MS: "0" });
  for (const size of [1_000, 10_000, 100_000]) {
    const t = Date.now();
    growCatalogue(dbFile, size);
    console.log(`  catalogue grown to ${size} goods in ${Date.now() - t} ms`);
    const keywords = searchKeywords(dbFile, 200);
    let next = 0;
    const rotating: Target = {
      name: `search, 3–4 character keywords (200 taken from names, rotating)`,
      path: "/api/trade_bff/v1/goods/search",
      requests: [
        {
          method: "GET",
          setupRequest: (request) => ({
            ...request,
            path: `/api/trade_bff/v1/goods/search?keyword=${encodeURIComponent(keywords[next++ % keywords.length]!)}`,
          }),
        },
      ],
    };
    const targets: Target[] = [
      rotating,
      { name: "search, common keyword (Steam: about 1 in 6 goods)", path: `/api/trade_bff/v1/goods/search?keyword=Steam` },
      { name: "search, 1-character keyword (卡, LIKE path)", path: `/api/trade_bff/v1/goods/search?keyword=${encodeURIComponent("卡")}` },
      { name: "search, no keyword (all goods by price)", path: "/api/trade_bff/v1/goods/search?keyword=" },
    ];
    for (const target of targets) {
      const figures = await measureLogged(server.url, { ...target, name: `${target.name} @ ${size}` }, scaleLoad, server);
      rows.push({ what: target.name, size: `${size / 1000}k goods`, figures });
    }
  }
  const t = Date.now();
  const memberId = memberWithOrders(dbFile, 10_000);
  console.log(`  10k orders inserted in ${Date.now() - t} ms`);
  const headers = { "Login-Credential": credentialFor(dbFile, memberId) };
  for (const size of [20, 999]) {
    const target: Target = { name: `order list, size=${size}`, path: `/api/trade_bff/v1/order/list?user_id=${memberId}&size=${size}`, headers };
    rows.push({ what: target.name, size: "10k orders", figures: await measureLogged(server.url, target, scaleLoad, server) });
  }
  await server.stop();
  return rows;
}

// ─── Lighthouse ─────────────────────────────────────────────────────────

async function lighthouseMode(): Promise<string> {
  const server = await serve();
  const base = server.url.replace("127.0.0.1", "localhost");
  const pages = [
    { name: "home", url: `${base}/` },
    // the same page without its advert, which spec/01 §2 shows about 1 s after the list and which is
    // then the largest thing on a phone's screen: what the page itself achieves
    { name: "home, advert closed", url: `${base}/?popup=closed` },
    { name: "goods detail", url: `${base}/topic/${DETAIL_GOODS}` },
    { name: "search results", url: `${base}/search-result/${encodeURIComponent(PAGE_KEYWORD)}` },
  ];
  const t = Date.now();
  const figures = await runLighthouse(pages);
  const seconds = (Date.now() - t) / 1000;
  await server.stop();
  for (const f of figures) {
    console.log(
      `  ${f.page} (${f.formFactor}): performance ${f.performance}, accessibility ${f.accessibility}, best practices ${f.bestPractices}, SEO ${f.seo}, LCP ${Math.round(f.lcpMs)} ms, CLS ${f.cls.toFixed(3)}, TBT ${Math.round(f.tbtMs)} ms`,
    );
  }
  return renderLighthouse(figures, seconds);
}

// ─── profile ────────────────────────────────────────────────────────────

/** Each target in its own server under `node --cpu-prof`, so each profile holds that target only. */
async function profileMode() {
  const visitor = await serve();
  const memberCookie = { cookie: await browserCookies(visitor.url, loginCookie) };
  await visitor.stop();
  const orders = orderScenario();
  const targets: { target: Target; env?: Record<string, string> }[] = [
    { target: { name: "home page, visitor (page cache)", path: "/" } },
    { target: { name: "home page, member", path: "/", headers: memberCookie } },
    { target: { name: "goods detail page, member", path: `/topic/${DETAIL_GOODS}`, headers: memberCookie } },
    { target: { name: "order list page, member", path: "/order/list", headers: memberCookie } },
    { target: { name: "home page, visitor, page cache off", path: "/" }, env: { PAGE_CACHE_TTL_MS: "0" } },
    { target: orders.target },
  ];
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
  for (const [i, { target, env }] of targets.entries()) {
    if (only && !target.name.includes(only)) continue;
    const profileDir = join(dir, `profile-${i}`);
    mkdirSync(profileDir);
    const server = await startServer({ dbFile, logDir: dir, env, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] });
    servers.push(server);
    const figures = await measureLogged(server.url, target, { duration, connections }, server);
    await server.stop();
    const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
    if (!file) throw new Error(`no profile written in ${profileDir}`);
    // kept for Chrome DevTools' Performance panel (tests/.tmp is not committed)
    const kept = join(root, "tests/.tmp/profiles", `${target.name.replace(/[^a-z]+/g, "-")}.cpuprofile`);
    mkdirSync(dirname(kept), { recursive: true });
    copyFileSync(join(profileDir, file), kept);
    // the profile spans warm-up and run: per request over both (measure's warm-up is 1 s)
    const requests = Math.round(figures.requests * (1 + 1 / duration));
    console.log(`\n${formatSummary(target.name, summariseProfile(kept, 15), requests)}\n(${kept})\n`);
  }
}

// ─── the member pages' cost table ───────────────────────────────────────

/**
 * Each member page in its own server under `node --cpu-prof`: the process's CPU ms per request (from /proc, the
 * profiler's overhead included), the main thread's split by layer in the proportions the profile's samples during the
 * load show (profile.ts, layerShares), the other threads' (V8's GC helpers above all) a column of their own, and the
 * bytes allocated on the heap per request (alloc-probe.mjs).
 */
async function costMode(): Promise<string> {
  const visitor = await serve();
  const memberCookie = { cookie: await browserCookies(visitor.url, loginCookie) };
  await visitor.stop();
  const pages: Target[] = [
    { name: "home", path: "/", headers: memberCookie },
    { name: "goods detail", path: `/topic/${DETAIL_GOODS}`, headers: memberCookie },
    { name: "order list", path: "/order/list", headers: memberCookie },
    { name: `search (${PAGE_KEYWORD})`, path: `/search-result/${encodeURIComponent(PAGE_KEYWORD)}`, headers: memberCookie },
  ];
  const rows: { page: string; figures: Figures; layers: Record<Layer, number> }[] = [];
  for (const [i, page] of pages.entries()) {
    const profileDir = join(dir, `cost-${i}`);
    mkdirSync(profileDir);
    const costDb = join(dir, `cost-${i}.sqlite`);
    copyFileSync(pristineDb, costDb);
    const server = await startServer({ dbFile: costDb, logDir: dir, allocation: true, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] });
    servers.push(server);
    const figures = await measureLogged(server.url, { ...page, name: `${page.name}, member (profiled)` }, { duration, connections }, server);
    const loadEnded = Date.now();
    await server.stop();
    const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
    if (!file) throw new Error(`no profile written in ${profileDir}`);
    // the samples of the measured run: the profile ends when the server stopped
    const shares = layerShares(join(profileDir, file), duration * 1000 + (Date.now() - loadEnded));
    const layers = Object.fromEntries(LAYERS.map((l) => [l, shares[l] * (figures.mainMsPerRequest ?? 0)])) as Record<Layer, number>;
    rows.push({ page: page.name, figures, layers });
  }
  const lines = [
    `Run: ${machineLine}.`,
    "",
    `Each member page (a logged-in member's browser cookies) in its own server under \`node --cpu-prof\` (1 ms sampling), autocannon ${connections} connections, ${duration} s after a 1 s warm-up. ` +
      "*CPU ms/req* is the process's CPU time from /proc (all threads, the profiler's overhead included): the layer columns split the main thread's (`/proc/<pid>/task/<pid>/stat`) in the proportions of its samples during the measured run, " +
      "each sample given to the nearest frame on its stack that belongs to a layer (`tests/bench/profile.ts`, `layerShares`): *render* is React, Remix (data serialisation included) and the routes' own code; " +
      "*client* the storefront's trade client and undici; *services* the trade services' routing, validation, queries and envelope (`server/trade/`, drizzle, better-sqlite3); " +
      "*compression* the page's compression (Zstandard, the coding Chrome takes); *rest* node's HTTP, sockets and streams on both sides of a loopback call, express, helmet, pino, metrics: frames that any layer runs; *garbage collector* the collector's share of the main thread. " +
      "*Other threads* is every other thread of the process (`/proc/<pid>/task/*/stat`): V8's parallel and concurrent collection above all, background compilation, libuv's pool. " +
      "*Allocated* is what V8 allocated on its heap per request (`tests/bench/alloc-probe.mjs`: each collection's heap before it less the heap after the one before).",
    "",
    `| member page | rate | p99 | CPU ms/req | ${LAYERS.join(" | ")} | other threads | allocated |`,
    `|---|---:|---:|---:|${LAYERS.map(() => "---:").join("|")}|---:|---:|`,
    ...rows.map(
      (r) =>
        `| ${r.page} | ${fmtRate(r.figures.rate)} req/s | ${r.figures.p99} ms | ${r.figures.cpuMsPerRequest?.toFixed(2) ?? "–"} | ${LAYERS.map((l) => r.layers[l].toFixed(2)).join(" | ")} | ` +
        `${r.figures.otherThreadsMsPerRequest?.toFixed(2) ?? "–"} | ${r.figures.allocatedKbPerRequest?.toFixed(0) ?? "–"} kB |`,
    ),
  ];
  const text = lines.join("\n");
  console.log(`\n${text}\n`);
  return text;
}

// ─── A/B: the member pages on other trees' builds, in turns ─────────────

/**
 * The member pages on each tree's build (its own server, its own copy of the database, the allocation probe, no
 * profiler), measured in rounds: every page on every tree, the trees' order reversed every other round, so that a
 * shared machine's changing load falls on all of them alike. Medians over the rounds, and each round's ratio to
 * the first tree.
 */
async function abMode(): Promise<string> {
  const rounds = value("--rounds", 3);
  const trees = abTrees.map((spec, i) => {
    const [tree, node] = spec.split("@") as [string, string | undefined];
    const db = join(dir, `ab-${i}.sqlite`);
    copyFileSync(dbFile, db);
    return { name: tree, tree: resolve(tree), node, db };
  });
  const started = [];
  for (const t of trees) started.push(await startServer({ dbFile: t.db, logDir: dir, tree: t.tree, node: t.node, allocation: true }));
  servers.push(...started);
  const cookies = await Promise.all(started.map(async (server) => ({ cookie: await browserCookies(server.url, loginCookie) })));
  const pages = [
    { name: "home", path: "/" },
    { name: "goods detail", path: `/topic/${DETAIL_GOODS}` },
    { name: "order list", path: "/order/list" },
    { name: "search", path: `/search-result/${encodeURIComponent(PAGE_KEYWORD)}` },
  ];
  const figures = pages.map(() => trees.map(() => [] as Figures[]));
  for (let round = 0; round < rounds; round++) {
    const order = trees.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const [p, page] of pages.entries())
      for (const t of order)
        figures[p]![t]!.push(
          await measureLogged(
            started[t]!.url,
            { name: `${page.name} on ${trees[t]!.name}`, path: page.path, headers: cookies[t] },
            { duration, connections },
            started[t],
          ),
        );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  const of = (list: Figures[], key: keyof Figures) => median(list.map((f) => Number(f[key] ?? NaN)));
  const lines = [
    `Run: ${machineLine}; ${rounds} rounds, ${duration} s per page and tree after 1 s of warm-up, autocannon ${connections} connections.`,
    "",
    "| member page | tree | CPU ms/req | main thread | other threads | allocated | rate | p99 | per-round ratio to the first tree |",
    "|---|---|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const [p, page] of pages.entries())
    for (const [t, tree] of trees.entries()) {
      const list = figures[p]![t]!;
      const ratios = t === 0 ? "–" : list.map((f, r) => ((f.cpuMsPerRequest ?? NaN) / (figures[p]![0]![r]!.cpuMsPerRequest ?? NaN)).toFixed(2)).join(" · ");
      lines.push(
        `| ${page.name} | ${tree.name} | ${of(list, "cpuMsPerRequest").toFixed(2)} | ${of(list, "mainMsPerRequest").toFixed(2)} | ${of(list, "otherThreadsMsPerRequest").toFixed(2)} | ` +
          `${of(list, "allocatedKbPerRequest").toFixed(0)} kB | ${fmtRate(of(list, "rate"))} req/s | ${of(list, "p99")} ms | ${ratios} |`,
      );
    }
  lines.push("", `RSS after the run: ${started.map((s, i) => `${trees[i]!.name} ${Math.round(s.rssKb() / 1024)} MiB`).join(", ")}.`);
  const text = lines.join("\n");
  console.log(`\n${text}\n`);
  return text;
}

// ─── soak ───────────────────────────────────────────────────────────────

async function soakMode() {
  const minutes = value("--minutes", 3);
  const goodsNos = ["G1001", "G1002", "G1003", "G1004"].filter((g) => sql<number>("SELECT count(*) FROM goods WHERE goods_no = ?", g));
  for (const goodsNo of goodsNos) addStock(dbFile, skuToBuy(dbFile, goodsNo).skuNo, 50_000);
  const server = await serve({ FULFIL_DELAY_MS: "200" });
  console.log(`soak: ${minutes} min of mixed load on ${server.url}`);
  const report = await soak(server, {
    minutes,
    dbFile,
    members: summary.members.map((m) => ({ memberId: m.memberId, mobile: m.mobile, password: m.password })),
    goodsNos,
    keywords: [PAGE_KEYWORD, "Steam", "点卡", "塞尔达", "礼品卡", "原神", "会员", "PlayStation"],
  });
  await server.stop();
  const text = renderSoak(report, minutes);
  console.log(text);
  if (write) replaceSection("soak", text);
  if (report.status5xx > 0 || report.invariants.some((i) => !i.ok)) process.exitCode = 1;
}

// ─── V8's heap flags ────────────────────────────────────────────────────

/** The sets weighed: the young generation's size with the shipped old-generation cap, and the shipped young generation without the cap. */
const HEAP_VARIANTS = [
  ["--max-semi-space-size=16", "--max-old-space-size=512"],
  ["--max-semi-space-size=32", "--max-old-space-size=512"],
  ["--max-semi-space-size=64", "--max-old-space-size=512"],
  ["--max-semi-space-size=32"],
];

/** Each set of flags in its own server, measured in turns so that the machine's drift hits every one alike. */
async function heapMode(): Promise<string> {
  const rounds = value("--rounds", 3);
  const variants = [];
  for (const flags of HEAP_VARIANTS) {
    variants.push({ flags, server: await serve({}, flags), cpu: [] as number[], rate: [] as number[], rssKb: [] as number[] });
  }
  const cookie = await browserCookies(variants[0]!.server.url, loginCookie);
  const target: Target = { name: "goods detail page, member", path: `/topic/${DETAIL_GOODS}`, headers: { cookie } };
  for (let round = 1; round <= rounds; round += 1) {
    for (const v of variants) {
      const figures = await measureLogged(
        v.server.url,
        { ...target, name: `${target.name}, ${v.flags.join(" ")}, round ${round}` },
        { duration, connections },
        v.server,
      );
      v.cpu.push(figures.cpuMsPerRequest ?? NaN);
      v.rate.push(figures.rate);
      v.rssKb.push(v.server.rssKb());
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const mib = (kb: number) => (kb / 1024).toFixed(0);
  const lines = [
    `Run: ${machineLine}.`,
    "",
    `One server per set of V8 flags, the member goods page on each in turns: ${rounds} rounds of ${duration} s at ${connections} connections after a 1 s warm-up. *CPU ms/req* is the server process's CPU time from /proc; RSS is read after each round.`,
    "",
    "| V8 flags | CPU ms/req, median (each round) | req/s, median | RSS after each round (MiB) |",
    "|---|---|---:|---|",
    ...variants.map(
      (v) =>
        `| \`${v.flags.join(" ")}\`${v.flags.join(" ") === SERVER_V8_FLAGS.join(" ") ? " (shipped)" : ""} | ${median(v.cpu).toFixed(2)} (${v.cpu.map((c) => c.toFixed(2)).join(", ")}) | ${fmtRate(median(v.rate))} | ${v.rssKb.map(mib).join(", ")} |`,
    ),
  ];
  const text = lines.join("\n");
  console.log(`\n${text}\n`);
  return text;
}

// ─── the report ─────────────────────────────────────────────────────────

const fmtRate = (n: number) => (n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(1));
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");

function renderLoad(
  rows: Row[],
  orders: { answered: number; created: number; paid: number; missing: number; unpaid: number },
  weights: { page: string; weight: Weight }[],
  scaling: ScalingRow[],
  hasSearchPage: boolean,
): string {
  const lines: string[] = [];
  lines.push(`Run: ${machineLine}.`, "");
  lines.push(
    `autocannon ${connections} connections, ${duration} s per target after a 1 s warm-up, Chrome's \`accept-encoding: gzip, deflate, br, zstd\`; the server (production build, fresh seeded database, LOG_LEVEL=warn) and each ceiling run in their own processes. ` +
      "*CPU ms/req* is the server process's CPU time (from /proc) divided by the requests it answered: the figure that least depends on what else the machine is doing. " +
      "*Ceiling* is a raw `node:http` server answering the same bytes in the same run; *ratio* is the target's rate over the ceiling's.",
    "",
  );
  lines.push(
    "| target | rate | p50 | p99 | CPU ms/req | response | ceiling rate | ceiling p99 | ratio | non-2xx |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const row of rows) {
    const unit = row.target.unit ?? "req/s";
    const f = row.figures;
    const c = row.ceiling;
    lines.push(
      `| ${row.group}: ${row.target.name} | ${fmtRate(f.rate)} ${unit} | ${f.p50} ms | ${f.p99} ms | ${f.cpuMsPerRequest?.toFixed(2) ?? "–"} | ${kB(f.bytesPerResponse)} | ${c ? `${fmtRate(c.rate)} ${unit}` : "–"} | ${c ? `${c.p99} ms` : "–"} | ${c ? `${((100 * f.rate) / c.rate).toFixed(1)} %` : "–"} | ${f.non2xx} |`,
    );
  }
  lines.push(
    "",
    `*pages, visitor* is served by the visitors' page cache (\`PAGE_CACHE_TTL_MS\`, 5 s in production; X-Page-Cache of a second request: ${cacheAnswers.join(", ")}); *page cache off* is the same page rendered for every request (\`PAGE_CACHE_TTL_MS=0\`), as every member's page is.`,
  );
  if (!hasSearchPage) lines.push("", "The search results page (`/search-result/<keyword>`) did not answer 200 in this run, so it is not measured.");
  lines.push(
    "",
    `Order scenario check (database read after the run): ${orders.answered} creations answered, ${orders.created} orders created, ${orders.missing} answered but missing; ${orders.paid} notifications answered APPLIED, ${orders.unpaid} of those orders not in a paid status.`,
    "",
  );

  lines.push("### Scaling (services' cache off: every request runs its query)", "");
  lines.push("| query | data | rate | p50 | p99 | CPU ms/req | non-2xx |", "|---|---|---:|---:|---:|---:|---:|");
  for (const s of scaling) {
    lines.push(
      `| ${s.what} | ${s.size} | ${fmtRate(s.figures.rate)} req/s | ${s.figures.p50} ms | ${s.figures.p99} ms | ${s.figures.cpuMsPerRequest?.toFixed(2) ?? "–"} | ${s.figures.non2xx} |`,
    );
  }
  lines.push("");

  lines.push("### Client weight (first load, gzipped)", "");
  lines.push("| page | JS files | JS raw | JS gzip | CSS files | CSS raw | CSS gzip | largest (gzip) |", "|---|---:|---:|---:|---:|---:|---:|---|");
  for (const { page, weight: w } of weights) {
    lines.push(
      `| ${page} | ${w.jsFiles} | ${kB(w.jsRaw)} | ${kB(w.jsGzip)} | ${w.cssFiles} | ${kB(w.cssRaw)} | ${kB(w.cssGzip)} | ${w.largest.map((l) => `${l.file.replace("/assets/", "")} ${kB(l.gzip)}`).join(", ")} |`,
    );
  }
  lines.push("");

  // the targets of issue 15, each beside the ceiling measured in this run
  const row = (group: string, name: string) => rows.find((r) => r.group === group && r.target.name === name);
  const search100k = scaling.find((s) => s.size === "100k goods" && s.what.startsWith("search, 3–4"))?.figures;
  const homeWeight = weights.find((w) => w.page === "home page")?.weight;
  const targets: { what: string; figure: string; ceiling: string; ok: boolean }[] = [];
  const rate = (r: Row | undefined, min: number, p99?: number) => {
    if (!r) return;
    const unit = r.target.unit ?? "req/s";
    targets.push({
      what: `${r.group}: ${r.target.name}: ≥ ${fmtRate(min)} ${unit}${p99 ? `, p99 ≤ ${p99} ms` : ""}`,
      figure: `${fmtRate(r.figures.rate)} ${unit}, p99 ${r.figures.p99} ms`,
      ceiling: r.ceiling ? `${fmtRate(r.ceiling.rate)} ${unit}, p99 ${r.ceiling.p99} ms` : "–",
      ok: r.figures.requests > 0 && r.figures.non2xx === 0 && r.figures.rate >= min && (!p99 || r.figures.p99 <= p99),
    });
  };
  rate(row("pages, visitor", "home page"), 4000, 10);
  rate(row("pages, member", "home page, member"), 500, 60);
  rate(row("pages, member", "goods detail page, member"), 500, 60);
  rate(row("pages, member", "order list page, member"), 600);
  for (const r of rows.filter((x) => x.group === "pages, visitor, page cache off")) {
    const cpu = r.figures.cpuMsPerRequest ?? Infinity;
    targets.push({
      what: `rendered without the page cache: ${r.target.name}: ≤ 3 CPU ms per page`,
      figure: `${cpu.toFixed(2)} CPU ms`,
      ceiling: "–",
      ok: cpu <= 3,
    });
  }
  const orderRow = rows.find((r) => r.target.requests);
  if (orderRow) {
    const lost = orders.missing + orders.unpaid;
    rate(orderRow, 600);
    targets.push({ what: "create order + pay notification + status: none lost", figure: `${lost} lost`, ceiling: "–", ok: lost === 0 });
  }
  if (search100k)
    targets.push({
      what: "search at 100k goods: p50 ≤ 5 ms through the API",
      figure: `${search100k.p50} ms (3–4 character keywords)`,
      ceiling: "–",
      ok: search100k.requests > 0 && search100k.p50 <= 5,
    });
  if (homeWeight)
    targets.push({ what: "first-load JS of the home page ≤ 100 kB gzipped", figure: kB(homeWeight.jsGzip), ceiling: "–", ok: homeWeight.jsGzip <= 100_000 });
  lines.push("### Targets (issue 15)", "", "| target | figure | ceiling | verdict |", "|---|---|---|---|");
  for (const t of targets) lines.push(`| ${t.what} | ${t.figure} | ${t.ceiling} | ${verdict(t.ok)} |`);
  const text = lines.join("\n");
  console.log(`\n${text}\n`);
  return text;
}

function renderLighthouse(figures: LighthouseFigures[], seconds: number): string {
  const lines: string[] = [];
  lines.push(
    `Run: ${machineLine}. Lighthouse 12 in Debian's Chromium (headless, no-network flags), default settings (mobile: simulated slow 4G and 4× CPU slowdown; desktop: its desktop preset); ${figures.length} runs in ${Math.round(seconds)} s.`,
    "",
  );
  lines.push("| page | form factor | performance | accessibility | best practices | SEO | LCP | CLS | TBT |", "|---|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const f of figures) {
    lines.push(
      `| ${f.page} | ${f.formFactor} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${(f.lcpMs / 1000).toFixed(2)} s | ${f.cls.toFixed(3)} | ${Math.round(f.tbtMs)} ms |`,
    );
  }
  const failing = new Map<string, string[]>();
  for (const f of figures) for (const audit of f.failing) failing.set(audit, [...(failing.get(audit) ?? []), `${f.page} ${f.formFactor}`]);
  if (failing.size) {
    lines.push("", "Audits that lost points outside performance, and runs Lighthouse had to repeat or could not complete:", "");
    for (const [audit, where] of failing) lines.push(`- ${audit}: ${where.length === figures.length ? "every page" : where.join(", ")}`);
  }
  lines.push(
    "",
    "Targets (issue 15, both form factors): performance ≥ 98, accessibility 100, best practices 100, SEO 100, LCP ≤ 1.8 s, CLS ≤ 0.02, TBT ≤ 100 ms.",
    "",
  );
  lines.push("| page | form factor | performance | accessibility | best practices | SEO | LCP | CLS | TBT |", "|---|---|---|---|---|---|---|---|---|");
  for (const f of figures) {
    const mark = (ok: boolean, text: string) => (ok ? `${text} met` : `${text} **missed**`);
    lines.push(
      `| ${f.page} | ${f.formFactor} | ${mark(f.performance >= 98, String(f.performance))} | ${mark(f.accessibility === 100, String(f.accessibility))} | ${mark(f.bestPractices === 100, String(f.bestPractices))} | ${mark(f.seo === 100, String(f.seo))} | ${mark(f.lcpMs <= 1800, `${(f.lcpMs / 1000).toFixed(2)} s`)} | ${mark(f.cls <= 0.02, f.cls.toFixed(3))} | ${mark(f.tbtMs <= 100, `${Math.round(f.tbtMs)} ms`)} |`,
    );
  }
  const text = lines.join("\n");
  console.log(`\n${text}\n`);
  return text;
}

function renderSoak(r: SoakReport, minutes: number): string {
  const lines: string[] = [];
  lines.push(
    `Run: ${machineLine}. \`npm run bench -- --soak --minutes ${minutes}\`: ${Math.round(r.seconds)} s of mixed load (4 browsing loops, 1 API search loop, 1 login loop through the text captcha and password, 2 buyers per demo member racing for their coupons: create, sometimes close, pay notification, wait for delivery with FULFIL_DELAY_MS=200).`,
    "",
  );
  const total = Object.values(r.requests).reduce((a, b) => a + b, 0);
  lines.push(
    `Requests: ${total.toLocaleString("en-US")} (${Object.entries(r.requests)
      .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
      .join(", ")}; by kind ${Object.entries(r.byKind)
      .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
      .join(
        ", ",
      )}). **5xx: ${r.status5xx}** (target 0), network errors: ${r.networkErrors}. Server CPU: ${r.cpuMsPerRequest.toFixed(2)} ms per request at ${(total / r.seconds).toFixed(0)} req/s. 4xx by kind: ${
      Object.entries(r.clientErrors)
        .map(([k, v]) => `${k} ×${v}`)
        .join(", ") || "none"
    }.`,
    "",
    `Orders: ${r.ordersAnswered} answered, ${r.ordersClosed} closed, ${r.ordersPaid} paid, ${r.ordersDelivered} seen delivered; ${r.couponConflicts} creations refused with 409 (coupon held by another open order); ${r.logins} logins.`,
    "",
    "| invariant (read from the database after the soak) | violations | verdict |",
    "|---|---:|---|",
    ...r.invariants.map((i) => `| ${i.name} | ${i.violations} | ${verdict(i.ok)} |`),
    "",
    `Server RSS: ${(r.rssStartKb / 1024).toFixed(1)} MiB at the first sample, ${(r.rssEndKb / 1024).toFixed(1)} MiB at the last, ${(r.rssMaxKb / 1024).toFixed(1)} MiB at most; linear-regression slope over the second half of ${r.rss.length} one-second samples (the first half is warm-up): **${(r.rssSlopeKbPerMin / 1024).toFixed(2)} MiB/min**.`,
    "",
    "RSS every 15 s (MiB): " +
      r.rss
        .filter((_, i) => i % 15 === 0)
        .map((s) => `${Math.round(s.t)} s ${(s.kb / 1024).toFixed(0)}`)
        .join(" · "),
  );
  return lines.join("\n");
}

function replaceSection(name: string, body: string) {
  const begin = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const titles: Record<string, string> = {
    load: "## Throughput and latency (`npm run bench`)",
    cost: "## Member pages' cost by layer (`npm run bench`, or `npm run bench -- --cost` alone)",
    lighthouse: "## Lighthouse (`npm run bench`, or `npm run bench -- --lighthouse` alone)",
    soak: "## Soak (`npm run bench -- --soak`)",
    heap: "## V8's heap flags (`npm run bench -- --heap`)",
    scale: "## Scaling out (`npm run bench -- --scale`)",
  };
  let doc = existsSync(DOC)
    ? readFileSync(DOC, "utf8")
    : "# Benchmarks\n\nWritten by `npm run bench` (tests/bench/); the sections between the bench markers are replaced by each run.\n";
  const block = `${begin}\n${titles[name]}\n\n${body}\n${end}`;
  const at = doc.indexOf(begin);
  const stop = doc.indexOf(end);
  doc = at >= 0 && stop > at ? doc.slice(0, at) + block + doc.slice(stop + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(DOC, doc);
  console.log(`bench: ${name} section written to docs/benchmarks.md`);
}

// ─── main (last, so that every helper above is initialised) ─────────────

// ─── scale ──────────────────────────────────────────────────────────────

async function scaleMode() {
  const { rows, checks, notes } = await scaleFigures({
    root,
    dir,
    dbFile,
    memberCookie: (base) => browserCookies(base, loginCookie),
    load: { duration, connections },
    track: (server) => (servers.push(server), server),
  });
  const lines = [`Run: ${machineLine}.`, ""];
  lines.push(
    `autocannon ${connections} connections, ${duration} s per target, the home page as a visitor and as a logged-in member (a browser's cookies after its first page). *CPU ms/req* sums every process of the setup (cluster workers, nginx's workers, the trade process and the storefronts). nginx runs \`deploy/nginx/shop.conf\` as it is in the repository (TLS included, with a certificate made for the run), with this run's addresses and cache directory.`,
    "",
    "| setup | page | rate | p50 | p99 | CPU ms/req | X-Cache-Status | non-2xx |",
    "|---|---|---:|---:|---:|---:|---|---:|",
    ...rows.map(
      (r) =>
        `| ${r.setup} | ${r.page} | ${fmtRate(r.figures.rate)} req/s | ${r.figures.p50} ms | ${r.figures.p99} ms | ${r.figures.cpuMsPerRequest?.toFixed(2) ?? "–"} | ${r.cacheStatus} | ${r.figures.non2xx} |`,
    ),
    "",
    "| check | observed | verdict |",
    "|---|---|---|",
    ...checks.map(([what, seen, ok]) => `| ${what} | ${seen} | ${verdict(ok)} |`),
    ...notes.map((note) => `\n${note}`),
  );
  const text = lines.join("\n");
  console.log(`\n${text}\n`);
  if (write) replaceSection("scale", text);
  if (checks.some(([, , ok]) => !ok)) process.exitCode = 1;
}

try {
  if (mode === "soak") await soakMode();
  else if (mode === "heap") {
    const text = await heapMode();
    if (write) replaceSection("heap", text);
  } else if (mode === "scale") await scaleMode();
  else if (mode === "profile") await profileMode();
  else if (mode === "ab") await abMode();
  else {
    const load = mode === "load" ? await loadMode() : null;
    const cost = mode === "load" || mode === "cost" ? await costMode() : null;
    const lighthouse = withLighthouse ? await lighthouseMode() : null;
    if (write) {
      if (load) replaceSection("load", load);
      if (cost) replaceSection("cost", cost);
      if (lighthouse) replaceSection("lighthouse", lighthouse);
    }
  }
} finally {
  await cleanUp();
  rmSync(dir, { recursive: true, force: true });
}
