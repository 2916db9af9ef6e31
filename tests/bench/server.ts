// The production build as the bench runs it: its own process on its own port and temp database,
// one worker unless told otherwise (WEB_CONCURRENCY), LOG_LEVEL=warn, an explicit SESSION_SECRET
// and PAY_NOTIFY_SECRET (the bench signs payment notifications with the latter), or for a
// storefront COOKIE_SECRET only.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { SERVER_NODE_ARGS, SERVER_V8_FLAGS } from "../../scripts/setup.mjs";

export const SESSION_SECRET = "bench-session-secret-0123456789abcdef";
export const PAY_NOTIFY_SECRET = "bench-pay-notify-secret-0123456789abcdef";
export const COOKIE_SECRET = "bench-cookie-secret-0123456789abcdef-0123";

export interface BenchServer {
  url: string;
  pid: number;
  /** What the server printed (stdout and stderr). */
  logFile: string;
  /** Resident memory of the server process (kB), from /proc. */
  rssKb(): number;
  /** CPU time the server process has used (ms), from /proc. */
  cpuMs(): number;
  /**
   * The same split by thread (/proc/<pid>/task/<tid>/stat): the main thread (JavaScript, the request's work and the
   * collector's share on it) and all the others (V8's parallel and concurrent GC helpers, background compilation,
   * libuv's pool), ms.
   */
  threadCpuMs(): { main: number; others: number };
  /** Bytes allocated on V8's heap since start (tests/bench/alloc-probe.mjs), when started with `allocation`. */
  allocatedBytes(): Promise<number | undefined>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(options: {
  dbFile: string;
  logDir: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
  /** The tree whose build/ to run (another checkout's, for the bench's A/B mode): the shop's own by default. */
  tree?: string;
  /** The node binary to run it on: this process's by default. */
  node?: string;
  /** Preload the allocation probe (allocatedBytes). */
  allocation?: boolean;
  /** V8's heap flags instead of the shipped ones (SERVER_V8_FLAGS): the bench's --semi-space weighs them. */
  v8Flags?: string[];
  /** A port of the caller's choice (a server started again where its clients expect it); a free one otherwise. */
  port?: number;
}): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  const logFile = join(options.logDir, `server-${port}.log`);
  const log = createWriteStream(logFile);
  const url = `http://127.0.0.1:${port}`;
  const env: typeof process.env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DB_FILE: options.dbFile,
    LOG_LEVEL: "warn",
    // a storefront takes only COOKIE_SECRET (server/config.ts)
    ...(options.env?.SERVER_ROLE === "storefront" ? { COOKIE_SECRET } : { SESSION_SECRET, PAY_NOTIFY_SECRET }),
    DEMO: "1",
    // one process unless a caller measures or tests the cluster (production's default is every core)
    WEB_CONCURRENCY: "1",
    ...options.env,
  };
  // a production shop without the demo must be told its public origin: this server's own address
  if (env.DEMO !== "1") env.CN_BASE_URL ??= url;
  // and its SMS provider (server/config-messages.ts): none, acknowledged, unless the caller names one
  if (env.DEMO !== "1" && !env.SMS_PROVIDER) Object.assign(env, { SMS_PROVIDER: "none", SMS_NONE_ACKNOWLEDGED: "1" });
  const args = options.v8Flags ? [...options.v8Flags, ...SERVER_NODE_ARGS.slice(SERVER_V8_FLAGS.length)] : SERVER_NODE_ARGS;
  const allocFile = join(options.logDir, `alloc-${port}.txt`);
  const probe = options.allocation ? ["--import", join(import.meta.dirname, "alloc-probe.mjs")] : [];
  if (options.allocation) env.BENCH_ALLOC_FILE = allocFile;
  const child: ChildProcess = spawn(options.node ?? process.execPath, [...probe, ...(options.nodeArgs ?? []), ...args], {
    env,
    cwd: options.tree,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // its output is all through the pipes only once they close, which is after "exit": the last lines (its "stopped")
  // were missing from a log read as soon as the process had exited (sigterm-drain.test.ts failed so once in a fresh-clone run)
  const outputClosed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  let dead = false;
  void exited.then(() => (dead = true));

  for (let i = 0; ; i += 1) {
    if (dead) throw new Error(`server exited during start-up; see ${logFile}`);
    if (i > 300) throw new Error("server did not answer within 60 s");
    try {
      // ready: the database answers, or for a storefront, the trade services it reaches
      const response = await fetch(`${url}/readyz`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const pid = child.pid!;
  return {
    url,
    pid,
    logFile,
    rssKb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0),
    cpuMs: () => {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime in clock ticks (USER_HZ = 100)
    },
    threadCpuMs: () => {
      let main = 0;
      let others = 0;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        let stat: string;
        try {
          stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        } catch {
          continue; // a thread that ended meanwhile
        }
        const fields = stat.split(") ")[1].split(" ");
        const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
        if (Number(tid) === pid) main += ms;
        else others += ms;
      }
      return { main, others };
    },
    async allocatedBytes() {
      if (!options.allocation) return undefined;
      rmSync(allocFile, { force: true });
      child.kill("SIGUSR2");
      for (let i = 0; i < 100 && !existsSync(allocFile); i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 20));
      return Number(readFileSync(allocFile, "utf8"));
    },
    async stop() {
      if (dead) return;
      child.kill("SIGTERM");
      // unref: a process that stops its server must not wait out the timer (vitest's global setup)
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
      if (!dead) child.kill("SIGKILL");
      await exited;
      // a worker it left holding the pipes must not hold this up
      await Promise.race([outputClosed, new Promise((r) => setTimeout(r, 2_000).unref())]);
      // and the log file has what came through them (an empty write's callback follows every write before it)
      await new Promise((r) => log.write("", r));
    },
  };
}
