// deploy/nginx/shop.conf run by a real nginx, for the security tests and `npm run bench -- --scale`:
// the shipped file with only its upstream addresses, listen port and cache directory replaced.
import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureTestTools } from "../../scripts/setup.mjs";
import { freePort } from "../bench/server";

const ROOT = join(import.meta.dirname, "../..");
const BINARIES = ["/usr/sbin/nginx", "/usr/bin/nginx"];

/** The nginx binary, installed as `npm test` does (scripts/setup.mjs) when missing and root; null when absent. */
export function ensureNginx(): string | null {
  ensureTestTools();
  return BINARIES.find((path) => existsSync(path)) ?? null;
}

export interface Nginx {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * deploy/nginx/*.conf as shipped, written into `prefix` with only the upstream addresses (host:port),
 * the listen address and the cache directory replaced; refuses a shop.conf whose placeholders moved.
 */
export function writeNginxConfig(prefix: string, { storefronts, trade, listen }: { storefronts: [string, string]; trade: string; listen: string }): void {
  // nginx's workers drop root for `nobody`: a directory of their own they may enter and write
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, "cache"), { recursive: true, mode: 0o777 });
  chmodSync(join(prefix, "cache"), 0o777);
  const replacements: [string, string][] = [
    ["server 127.0.0.1:3001;", `server ${storefronts[0]};`],
    ["server 127.0.0.1:3002;", `server ${storefronts[1]};`],
    ["server 127.0.0.1:3100;", `server ${trade};`],
    ["listen 8080;", `listen ${listen};`],
    ["/var/cache/nginx/shop", join(prefix, "cache")],
  ];
  let shop = readFileSync(join(ROOT, "deploy/nginx/shop.conf"), "utf8");
  for (const [from, to] of replacements) {
    if (!shop.includes(from)) throw new Error(`deploy/nginx/shop.conf changed: "${from}" not found`);
    shop = shop.replace(from, to);
  }
  writeFileSync(join(prefix, "shop.conf"), shop);
  copyFileSync(join(ROOT, "deploy/nginx/nginx.conf"), join(prefix, "nginx.conf"));
}

/** nginx running deploy/nginx/*.conf in front of two storefronts (may be the same) and the trade tier. */
export async function startNginx(binary: string, { storefronts, trade }: { storefronts: [string, string]; trade: string }): Promise<Nginx> {
  const prefix = mkdtempSync(join(tmpdir(), "shop-nginx-"));
  const port = await freePort();
  const hostPort = (url: string) => new URL(url).host;
  writeNginxConfig(prefix, { storefronts: [hostPort(storefronts[0]), hostPort(storefronts[1])], trade: hostPort(trade), listen: `127.0.0.1:${port}` });

  const child = spawn(binary, ["-p", `${prefix}/`, "-c", "nginx.conf", "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}); see ${prefix}/error.log`);
    if (
      await fetch(`${url}/favicon.svg`).then(
        (r) => r.arrayBuffer(),
        () => null,
      )
    )
      break;
    if (i > 100) throw new Error("nginx did not answer within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill("SIGQUIT");
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
