// A private network of Linux network namespaces for tests that need the shop's roles on different
// addresses (tests/security/split-roles-netns.test.ts): one namespace per node, each with a veth
// pair into a hub namespace that bridges them on 10.231.0.0/16. Nothing is added to the root
// namespace: its interfaces, routes and firewall stay as they were. Needs root and `ip` (iproute2).
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { join } from "node:path";

/** Every namespace of these tests is named with this prefix (stale ones are removed at start). */
export const PREFIX = "shopC-";
const HUB = `${PREFIX}hub`;
const PREFIX_LENGTH = 16;

const ip = (...args: string[]) => execFileSync("ip", args, { stdio: ["ignore", "pipe", "pipe"] }).toString();

/** Why these tests cannot run here, or null when they can. */
export function netnsUnavailable(): string | null {
  if (process.getuid?.() !== 0) return "network namespaces need root (ip netns)";
  if (!["/usr/sbin/ip", "/usr/bin/ip", "/sbin/ip", "/bin/ip"].some((path) => existsSync(path))) return "iproute2's `ip` is not installed";
  try {
    ip("netns", "add", `${PREFIX}probe`);
    ip("netns", "del", `${PREFIX}probe`);
    return null;
  } catch (error) {
    return `ip netns is not permitted here: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`;
  }
}

/** Removes every namespace with the prefix (a run that was killed leaves its own behind). */
export function removeNamespaces(): void {
  for (const line of ip("netns", "list").split("\n")) {
    const name = line.split(" ")[0];
    if (name?.startsWith(PREFIX)) ip("netns", "del", name);
  }
}

/**
 * A namespace per node, named PREFIX + node, with its addresses on `eth0` (the first is its own;
 * more, for a node that plays many shoppers), all bridged together in the hub.
 */
export function createNetwork(nodes: Record<string, string[]>): void {
  ip("netns", "add", HUB);
  ip("-n", HUB, "link", "set", "lo", "up");
  ip("-n", HUB, "link", "add", "br0", "type", "bridge");
  ip("-n", HUB, "link", "set", "br0", "up");
  for (const [node, addresses] of Object.entries(nodes)) {
    const ns = PREFIX + node;
    ip("netns", "add", ns);
    ip("-n", ns, "link", "set", "lo", "up");
    ip("-n", HUB, "link", "add", `v-${node}`, "type", "veth", "peer", "name", "eth0", "netns", ns);
    ip("-n", HUB, "link", "set", `v-${node}`, "master", "br0", "up");
    for (const address of addresses) ip("-n", ns, "addr", "add", `${address}/${PREFIX_LENGTH}`, "dev", "eth0");
    ip("-n", ns, "link", "set", "eth0", "up");
  }
}

export interface NodeProcess {
  child: ChildProcessWithoutNullStreams;
  stop(): Promise<void>;
}

/** Runs a command inside a node's namespace (`ip netns exec` execs it: same pid), its output appended to `logDir/<node>.log`. */
export function runIn(node: string, command: string[], options: { env: NodeJS.ProcessEnv; logDir: string }): NodeProcess {
  const child = spawn("ip", ["netns", "exec", PREFIX + node, ...command], { env: options.env, stdio: "pipe" });
  const log = createWriteStream(join(options.logDir, `${node}.log`), { flags: "a" });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const killed = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Shoppers {
  /** An HTTP request sent from the local address `from` of the shoppers' namespace. */
  send(from: string, url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer>;
  stop(): Promise<void>;
}

/** The shoppers: one agent process in their namespace (netns/shopper-agent.mjs) sends every request. */
export function startShoppers(node: string, logDir: string, env: NodeJS.ProcessEnv = process.env): Shoppers {
  const agent = runIn(node, [process.execPath, join(import.meta.dirname, "shopper-agent.mjs")], { env, logDir });
  const waiting = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();
  let next = 0;
  createInterface({ input: agent.child.stdout }).on("line", (line) => {
    const { id, error, ...answer } = JSON.parse(line) as Answer & { id: number; error?: string };
    const request = waiting.get(id);
    waiting.delete(id);
    if (error) request?.reject(new Error(error));
    else request?.resolve(answer);
  });
  return {
    send(from, url, init = {}) {
      const id = next++;
      return new Promise<Answer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        agent.child.stdin.write(`${JSON.stringify({ id, from, url, ...init })}\n`);
      });
    },
    stop: () => agent.stop(),
  };
}
