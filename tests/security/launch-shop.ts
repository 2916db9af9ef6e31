// Starting a security test's shop process (no vitest here: tests/security/global-setup.ts uses it too).
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shopDay } from "../../shared/shop-time";
import { credentialFor } from "../bench/data";
import { startServer, type BenchServer } from "../bench/server";

export interface Shop extends BenchServer {
  dir: string;
  dbFile: string;
  /** What the server process printed so far (its access log included). */
  log(): string;
  /**
   * A `Cookie` header of a logged-in demo member (seeded shops only), on a browser session whose
   * first page (automatic coupons and the pop-up, decision 017) is already behind it.
   */
  memberCookie(memberId?: number): string;
  close(): Promise<void>;
}

export interface LaunchOptions {
  env?: Record<string, string | undefined>;
  seeded?: boolean;
  /** V8's heap flags instead of the shipped ones (SERVER_V8_FLAGS). */
  v8Flags?: string[];
}

/** A shop on a copy of `template` (the seeded demo), or seeding itself at start-up when `seeded: false`. */
export async function launchShop(template: string, options: LaunchOptions = {}): Promise<Shop> {
  const dir = mkdtempSync(join(tmpdir(), "shop-security-"));
  // seeded: false leaves the database to the server, which creates and seeds it at start-up
  if (options.seeded !== false) cpSync(template, dir, { recursive: true });
  const server = await startServer({
    dbFile: join(dir, "shop.sqlite"),
    logDir: dir,
    env: { LOG_LEVEL: "info", ...options.env } as Record<string, string>,
    v8Flags: options.v8Flags,
  });
  return {
    ...server,
    ...shopIn(dir, server.url),
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function shopIn(dir: string, url: string) {
  const dbFile = join(dir, "shop.sqlite");
  const logFile = join(dir, `server-${new URL(url).port}.log`);
  return {
    url,
    dir,
    dbFile,
    logFile,
    log: () => readFileSync(logFile, "utf8"),
    memberCookie: (memberId = 1) => `login_credential=${credentialFor(dbFile, memberId)}; coupon_popup=${shopDay(Date.now())}`,
  };
}
