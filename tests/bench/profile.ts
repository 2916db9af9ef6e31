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
