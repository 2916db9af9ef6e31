// deploy/nginx/shop.conf run by a real nginx, for the security tests and `npm run bench -- --scale`:
// the shipped file with only its upstream addresses, listen port and cache directory replaced.
import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureSystemTools } from "../../scripts/setup.mjs";
import { freePort } from "../bench/server";

const ROOT = join(import.meta.dirname, "../..");
const BINARIES = ["/usr/sbin/nginx", "/usr/bin/nginx"];

/** The nginx binary, installed as `npm test` does (scripts/setup.mjs) when missing and root; null when absent. */
export function ensureNginx(): string | null {
  ensureSystemTools();
  return BINARIES.find((path) => existsSync(path)) ?? null;
}

export interface Nginx {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** nginx running deploy/nginx/*.conf in front of two storefronts (may be the same) and the trade tier. */
export async function startNginx(binary: string, { storefronts, trade }: { storefronts: [string, string]; trade: string }): Promise<Nginx> {
  // nginx's workers drop root for `nobody`: a directory of their own they may enter and write
  const prefix = mkdtempSync(join(tmpdir(), "shop-nginx-"));
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, "cache"), { mode: 0o777 });
  chmodSync(join(prefix, "cache"), 0o777);
  const port = await freePort();
  const hostPort = (url: string) => new URL(url).host;
  const shop = readFileSync(join(ROOT, "deploy/nginx/shop.conf"), "utf8")
    .replace("server 127.0.0.1:3001;", `server ${hostPort(storefronts[0])};`)
    .replace("server 127.0.0.1:3002;", `server ${hostPort(storefronts[1])};`)
    .replace("server 127.0.0.1:3100;", `server ${hostPort(trade)};`)
    .replace("listen 8080;", `listen 127.0.0.1:${port};`)
    .replace("/var/cache/nginx/shop", join(prefix, "cache"));
  for (const expected of [...storefronts, trade].map(hostPort)) {
    if (!shop.includes(`server ${expected};`)) throw new Error("deploy/nginx/shop.conf changed: its upstream addresses were not found");
  }
  writeFileSync(join(prefix, "shop.conf"), shop);
  copyFileSync(join(ROOT, "deploy/nginx/nginx.conf"), join(prefix, "nginx.conf"));

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
