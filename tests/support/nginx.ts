// deploy/nginx/shop.conf run by a real nginx, for the security tests and `npm run bench -- --scale`:
// the shipped file with only its upstream addresses, listen ports, certificate and cache directory
// replaced. The certificate is made for the test with openssl, and the test process trusts it.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, setGlobalDispatcher } from "undici";
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
  /** The TLS server (https://127.0.0.1:port), which this process trusts. */
  url: string;
  /** The plain http server, which only redirects to https. */
  plainUrl: string;
  /** The certificate nginx serves (PEM), for clients other than fetch. */
  ca: string;
  pid: number;
  stop(): Promise<void>;
}

/** A self-signed certificate for localhost, 127.0.0.1 and `ips`, written into `dir`: its PEM files. */
export function makeCertificate(dir: string, ips: string[] = []): { cert: string; key: string } {
  const cert = join(dir, "fullchain.pem");
  const key = join(dir, "privkey.pem");
  const names = ["DNS:localhost", "IP:127.0.0.1", ...ips.map((ip) => `IP:${ip}`)].join(",");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"].concat([
      "-subj",
      "/CN=localhost",
      "-addext",
      `subjectAltName=${names}`,
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { stdio: "ignore" },
  );
  chmodSync(key, 0o644);
  return { cert, key };
}

/**
 * deploy/nginx/*.conf as shipped, written into `prefix` with only the upstream addresses (host:port),
 * the two listen addresses, the certificate and the cache directory replaced; refuses a shop.conf
 * whose placeholders moved. The certificate is made here (makeCertificate) for 127.0.0.1 and the
 * TLS listen address; returns its file.
 */
export function writeNginxConfig(
  prefix: string,
  { storefronts, trade, listen, plain }: { storefronts: [string, string]; trade: string; listen: string; plain: string },
): { cert: string } {
  // nginx's workers drop root for `nobody`: a directory of their own they may enter and write
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, "cache"), { recursive: true, mode: 0o777 });
  chmodSync(join(prefix, "cache"), 0o777);
  const host = listen.slice(0, listen.lastIndexOf(":"));
  const { cert, key } = makeCertificate(prefix, host === "127.0.0.1" ? [] : [host]);
  const replacements: [string, string][] = [
    ["server 127.0.0.1:3001 ", `server ${storefronts[0]} `],
    ["server 127.0.0.1:3002 ", `server ${storefronts[1]} `],
    ["server 127.0.0.1:3100;", `server ${trade};`],
    ["listen 80;", `listen ${plain};`],
    ["listen 443 ssl;", `listen ${listen} ssl;`],
    ["/etc/ssl/shop/fullchain.pem", cert],
    ["/etc/ssl/shop/privkey.pem", key],
    ["/var/lib/nginx/shop", join(prefix, "cache")],
  ];
  let shop = readFileSync(join(ROOT, "deploy/nginx/shop.conf"), "utf8");
  for (const [from, to] of replacements) {
    if (!shop.includes(from)) throw new Error(`deploy/nginx/shop.conf changed: "${from}" not found`);
    shop = shop.replace(from, to);
  }
  writeFileSync(join(prefix, "shop.conf"), shop);
  copyFileSync(join(ROOT, "deploy/nginx/nginx.conf"), join(prefix, "nginx.conf"));
  return { cert };
}

/** This process's fetch trusts `ca` besides the usual authorities. */
function trust(ca: string): void {
  setGlobalDispatcher(new Agent({ connect: { ca } }));
}

/** nginx running deploy/nginx/*.conf in front of two storefronts (may be the same) and the trade tier. */
export async function startNginx(binary: string, { storefronts, trade }: { storefronts: [string, string]; trade: string }): Promise<Nginx> {
  const prefix = mkdtempSync(join(tmpdir(), "shop-nginx-"));
  const [port, plainPort] = [await freePort(), await freePort()];
  const hostPort = (url: string) => new URL(url).host;
  const { cert } = writeNginxConfig(prefix, {
    storefronts: [hostPort(storefronts[0]), hostPort(storefronts[1])],
    trade: hostPort(trade),
    listen: `127.0.0.1:${port}`,
    plain: `127.0.0.1:${plainPort}`,
  });
  const ca = readFileSync(cert, "utf8");
  trust(ca);

  const child = spawn(binary, ["-p", `${prefix}/`, "-c", "nginx.conf", "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `https://127.0.0.1:${port}`;
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
    plainUrl: `http://127.0.0.1:${plainPort}`,
    ca,
    pid: child.pid!,
    async stop() {
      child.kill("SIGQUIT");
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
