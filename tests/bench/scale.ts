// `npm run bench -- --scale`: the storefront tier on standard parts (docs/deploy.md). The same
// member and visitor home pages measured on one process, on a node:cluster of every core
// (WEB_CONCURRENCY), and through nginx (deploy/nginx/shop.conf, addresses and cache directory
// replaced) in front of one trade process and two storefront processes. Checks that nginx serves
// visitor pages from its cache (X-Cache-Status: HIT) and members' never. Installs Debian's nginx
// when it is missing and the bench runs as root, as `npm test` does for Chromium.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { measure, type Figures, type LoadOptions, type Target } from "./load";
import { startServer, type BenchServer } from "./server";
import { ensureNginx, startNginx } from "../support/nginx";

export interface ScaleContext {
  root: string;
  dir: string;
  dbFile: string;
  /** A logged-in member's browser cookies (saas-token and the day's coupon mount included). */
  memberCookie(base: string): Promise<string>;
  load: LoadOptions;
  track(server: BenchServer): BenchServer;
}

interface ScaleRow {
  setup: string;
  page: string;
  figures: Figures;
  cacheStatus: string;
}

/** CPU ms of processes and all their descendants (cluster workers, nginx workers), from /proc. */
function treeCpuMs(pids: number[]): number {
  let total = 0;
  const seen = new Set<number>();
  const visit = (pid: number) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      for (const child of execFileSync("ps", ["--ppid", String(pid), "-o", "pid="], { encoding: "utf8" }).split("\n")) {
        if (child.trim()) visit(Number(child.trim()));
      }
    } catch {
      // the process ended
    }
  };
  for (const pid of pids) visit(pid);
  return total;
}

/** What autocannon's CPU figure reads: the whole tree of these processes. */
const asTree = (pids: number[]) => ({ cpuMs: () => treeCpuMs(pids) }) as unknown as BenchServer;

/** The X-Cache-Status answers of `count` requests in a row. */
async function cacheStatuses(url: string, headers: Record<string, string>, count: number): Promise<string[]> {
  const statuses: string[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await fetch(url, { headers });
    await answer.arrayBuffer();
    statuses.push(answer.headers.get("x-cache-status") ?? "none");
  }
  return statuses;
}

const summarise = (statuses: string[]) =>
  Object.entries(statuses.reduce<Record<string, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${status} ×${n}`)
    .join(", ");

export async function scaleFigures(ctx: ScaleContext): Promise<{ rows: ScaleRow[]; checks: [string, string, boolean][]; notes: string[] }> {
  const rows: ScaleRow[] = [];
  const checks: [string, string, boolean][] = [];
  const notes: string[] = [];
  const pages = async (setup: string, base: string, pids: number[], cacheHeader?: string) => {
    const member = await ctx.memberCookie(base);
    for (const [page, headers] of [
      ["home, visitor", {}],
      ["home, member", { cookie: member }],
    ] as const) {
      const target: Target = { name: `${setup}: ${page}`, path: "/", headers };
      const figures = await measure(base, target, ctx.load, asTree(pids));
      const status = cacheHeader ? ((await fetch(`${base}/`, { headers })).headers.get(cacheHeader) ?? "none") : "–";
      console.log(`  ${target.name}: ${Math.round(figures.rate)} req/s, p99 ${figures.p99} ms, ${figures.cpuMsPerRequest?.toFixed(2)} CPU ms/req`);
      rows.push({ setup, page, figures, cacheStatus: status });
    }
  };

  const single = ctx.track(await startServer({ dbFile: ctx.dbFile, logDir: ctx.dir }));
  await pages("one process", single.url, [single.pid]);
  await single.stop();

  const cores = availableParallelism();
  const cluster = ctx.track(await startServer({ dbFile: ctx.dbFile, logDir: ctx.dir, env: { WEB_CONCURRENCY: String(cores) } }));
  await pages(`node:cluster, ${cores} workers`, cluster.url, [cluster.pid]);
  await cluster.stop();

  const binary = ensureNginx();
  if (!binary) {
    notes.push("nginx is not installed and this run is not root: the nginx rows were skipped (`apt-get install nginx-light`).");
    return { rows, checks, notes };
  }
  const trade = ctx.track(await startServer({ dbFile: ctx.dbFile, logDir: ctx.dir, env: { SERVER_ROLE: "trade" } }));
  const storefrontEnv = { SERVER_ROLE: "storefront", TRADE_API_URL: trade.url };
  const storefronts = [
    ctx.track(await startServer({ dbFile: ctx.dbFile, logDir: ctx.dir, env: storefrontEnv })),
    ctx.track(await startServer({ dbFile: ctx.dbFile, logDir: ctx.dir, env: storefrontEnv })),
  ];
  const nginx = await startNginx(binary, { storefronts: [storefronts[0]!.url, storefronts[1]!.url], trade: trade.url });
  const base = nginx.url;
  try {
    const visitor = await cacheStatuses(`${base}/`, {}, 12);
    const member = await cacheStatuses(`${base}/`, { cookie: await ctx.memberCookie(base) }, 12);
    checks.push([
      "nginx serves the visitor home page from its cache (X-Cache-Status of 12 requests in a row)",
      summarise(visitor),
      visitor.slice(-4).every((s) => s === "HIT"),
    ]);
    checks.push(["nginx never serves a member's page from its cache", summarise(member), member.every((s) => s !== "HIT")]);
    await pages("nginx → 2 storefronts + 1 trade", base, [nginx.pid, trade.pid, ...storefronts.map((s) => s.pid)], "x-cache-status");
  } finally {
    await nginx.stop();
    for (const server of [...storefronts, trade]) await server.stop();
  }
  return { rows, checks, notes };
}
