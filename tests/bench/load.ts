// Load with autocannon (in the bench process; the server runs in its own), each target beside a
// raw node:http server that answers the same bytes (tests/bench/ceiling.mjs, also its own process).
import autocannon, { type Request as CannonRequest } from "autocannon";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { BenchServer } from "./server";

export interface Target {
  name: string;
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** A sequence of requests (a scenario); `path` then names it only. */
  requests?: CannonRequest[];
  /** Requests per unit of work (the order scenario: 3 per order). */
  perUnit?: number;
  unit?: string;
}

export interface Figures {
  /** Units (requests, or orders for a scenario) per second. */
  rate: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  status5xx: number;
  errors: number;
  /** Server CPU time per request (ms), when the server process is known. */
  cpuMsPerRequest?: number;
  /** The same split: the main thread's, and all other threads' (V8's GC helpers, compilers, libuv's pool). */
  mainMsPerRequest?: number;
  otherThreadsMsPerRequest?: number;
  /** Bytes allocated on V8's heap per request, kB (a server started with `allocation`). */
  allocatedKbPerRequest?: number;
  bytesPerResponse: number;
}

export interface LoadOptions {
  duration: number;
  connections: number;
}

/** Browsers ask for gzip; so does every target here (the ceiling answers the same compressed bytes). */
/** What Chrome sends (its Accept-Encoding since version 123): until session 51 the bench sent `gzip` alone. */
export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html,application/json" };

export async function measure(base: string, target: Target, options: LoadOptions, server?: BenchServer): Promise<Figures> {
  const run = (duration: number) =>
    autocannon({
      url: base + (target.requests ? "" : target.path),
      connections: options.connections,
      duration,
      method: target.method ?? "GET",
      headers: { ...BROWSER_HEADERS, ...target.headers },
      body: target.body,
      requests: target.requests,
      timeout: 30,
    });
  await run(1); // warm-up: JIT, caches, keep-alive connections
  const allocatedBefore = await server?.allocatedBytes();
  const threadsBefore = server?.threadCpuMs();
  const cpuBefore = server?.cpuMs();
  const result = await run(options.duration);
  const cpuAfter = server?.cpuMs();
  const threadsAfter = server?.threadCpuMs();
  const allocatedAfter = await server?.allocatedBytes();
  const perUnit = target.perUnit ?? 1;
  const total = result.requests.total;
  return {
    rate: total / perUnit / (result.duration || options.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: total,
    non2xx: result.non2xx,
    status5xx: result["5xx"] ?? 0,
    errors: result.errors + result.timeouts,
    cpuMsPerRequest: cpuBefore !== undefined && cpuAfter !== undefined && total ? (cpuAfter - cpuBefore) / total : undefined,
    mainMsPerRequest: threadsBefore && threadsAfter && total ? (threadsAfter.main - threadsBefore.main) / total : undefined,
    otherThreadsMsPerRequest: threadsBefore && threadsAfter && total ? (threadsAfter.others - threadsBefore.others) / total : undefined,
    allocatedKbPerRequest:
      allocatedBefore !== undefined && allocatedAfter !== undefined && total ? (allocatedAfter - allocatedBefore) / 1024 / total : undefined,
    bytesPerResponse: total ? result.throughput.total / total : 0,
  };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request without fetch's decompression: the bytes on the wire. */
export function rawRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? "GET", headers: { ...BROWSER_HEADERS, ...init.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const headers: Record<string, string> = {};
        for (const key of ["content-type", "content-encoding", "cache-control", "vary", "x-page-cache"]) {
          const value = res.headers[key];
          if (typeof value === "string") headers[key] = value;
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

export interface CeilingRoute {
  method: string;
  prefix: string;
  answer: RawAnswer;
}

export interface Ceiling {
  url: string;
  stop(): Promise<void>;
}

export async function startCeiling(dir: string, routes: CeilingRoute[]): Promise<Ceiling> {
  const spec = routes.map((route, i) => {
    const file = join(dir, `ceiling-${i}.bin`);
    writeFileSync(file, route.answer.body);
    return { method: route.method, prefix: route.prefix, status: route.answer.status, headers: route.answer.headers, file };
  });
  const specFile = join(dir, "ceiling.json");
  writeFileSync(specFile, JSON.stringify(spec));
  const child = spawn(process.execPath, [join(import.meta.dirname, "ceiling.mjs"), specFile], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`ceiling server exited (${code})`)));
    createInterface({ input: child.stdout! }).once("line", resolve);
  });
  const exited = new Promise((r) => child.once("exit", r));
  return {
    url: `http://127.0.0.1:${port.trim()}`,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * The cookies a browser holds after its first page with `cookie` (the login credential): the
 * saas-token the services issued and the day's coupon mount, so later requests are what a
 * member's browsing costs, not a first visit each time.
 */
export async function browserCookies(base: string, cookie: string): Promise<string> {
  const first = await fetch(`${base}/`, { headers: { cookie } });
  await first.arrayBuffer();
  return [cookie, ...first.headers.getSetCookie().map((c) => c.split(";")[0]!)].join("; ");
}
