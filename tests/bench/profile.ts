// Where a server's CPU goes: reads a V8 .cpuprofile written by `node --cpu-prof` and sums self time
// by function and by package (the shop's own code, each node_modules package, node's internals,
// the garbage collector). `npm run bench -- --profile` prints these for each profiled target.
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface Share {
  name: string;
  ms: number;
  percent: number;
}
export interface ProfileSummary {
  /** Sampled time that was not idle (ms). */
  busyMs: number;
  functions: Share[];
  packages: Share[];
}

const IDLE = new Set(["(idle)", "(program)"]);

/** node_modules/<scope/>name, the shop's top folder (app, server, shared), node:internal, or V8's own entries. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith("node:")) return "node internals";
  const own = /\/(app|server|shared|build)\//.exec(url);
  return own ? `shop: ${own[1]}` : url;
}

export function summariseProfile(file: string, top = 12): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  // timeDeltas[i] is the time before sample i; the sample's node ran for the next delta
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + delta);
  }
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (IDLE.has(functionName)) continue;
    busy += us;
    const pkg = packageOf(url, functionName);
    const where = url ? `${pkg} ${url.split("/").pop()}:${lineNumber + 1}` : "";
    const key = `${functionName || "(anonymous)"}${where ? ` · ${where}` : ""}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const shares = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, percent: (100 * us) / busy }));
  return { busyMs: busy / 1000, functions: shares(functions), packages: shares(packages) };
}

export function formatSummary(title: string, summary: ProfileSummary, requests: number): string {
  const row = (s: Share) => `  ${s.percent.toFixed(1).padStart(5)} %  ${(s.ms / requests).toFixed(3)} ms/req  ${s.name}`;
  return [
    `${title}: ${(summary.busyMs / requests).toFixed(2)} sampled CPU ms per request (${requests} requests)`,
    " by package:",
    ...summary.packages.map(row),
    " by function (self time):",
    ...summary.functions.map(row),
  ].join("\n");
}

/** The layers a member page's CPU time is split into (issue 24's cost table). */
export const LAYERS = ["render", "client calls", "trade services", "compression", "HTTP, middleware and the rest", "garbage collector"] as const;
export type Layer = (typeof LAYERS)[number];

/** The storefront's trade client in the server build (app/api/client.server.ts, bundled). */
const CLIENT_FUNCTIONS = new Set(["send", "call", "tradeClient", "tradeDispatcher"]);

/**
 * The layer a frame decides, or null when it could run for any of them (node's HTTP and streams,
 * express, pino, zod, helmet…): the sample then belongs to the nearest deciding caller.
 */
function layerOf({ url, functionName }: ProfileNode["callFrame"]): Layer | null {
  if (functionName === "(garbage collector)") return "garbage collector";
  if (/\/server\/trade\/|node_modules\/(drizzle-orm|better-sqlite3)\//.test(url)) return "trade services";
  if (/node_modules\/undici\//.test(url)) return "client calls";
  if (url.endsWith("/build/server/index.js")) return CLIENT_FUNCTIONS.has(functionName) ? "client calls" : "render";
  if (/node_modules\/compression\//.test(url) || url === "node:zlib") return "compression";
  if (/node_modules\/(react-dom|react|@remix-run\/[^/]+|turbo-stream)\//.test(url)) return "render";
  return null;
}

/**
 * Each layer's share of the sampled busy time in the profile's last `lastMs` (the load, not the
 * start-up): each sample goes to the layer of the nearest frame on its stack that decides one
 * (layerOf), else to "HTTP, middleware and the rest". Shares, not times: a sample's interval is
 * wall-clock time, which a shared machine stretches.
 */
export function layerShares(file: string, lastMs: number): Record<Layer, number> {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile & { nodes: (ProfileNode & { children?: number[] })[]; endTime: number };
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const layerOfNode = new Map<number, Layer>();
  const resolveLayer = (id: number): Layer => {
    const known = layerOfNode.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const up = parent.get(id);
    const layer = layerOf(node.callFrame) ?? (up === undefined ? "HTTP, middleware and the rest" : resolveLayer(up));
    layerOfNode.set(id, layer);
    return layer;
  };
  const totals = Object.fromEntries(LAYERS.map((l) => [l, 0])) as Record<Layer, number>;
  // sample i was taken at the sum of the deltas up to i; the profile ends at endTime (µs)
  let t = profile.endTime - profile.timeDeltas.reduce((a, b) => a + b, 0);
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    t += profile.timeDeltas[i]!;
    const id = profile.samples[i]!;
    if (t < profile.endTime - lastMs * 1000 || IDLE.has(byId.get(id)!.callFrame.functionName)) continue;
    const us = profile.timeDeltas[i + 1] ?? 0;
    totals[resolveLayer(id)] += us;
    busy += us;
  }
  for (const layer of LAYERS) totals[layer] /= busy || 1;
  return totals;
}
