// The security tests' shop: the real server process (boot.ts with the production build of
// the storefront, as `npm start` runs it) on a free loopback port and its own temp database.
// A test names the environment it attacks; a variable given as `undefined` is left unset.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shopDay } from "../../shared/shop-time";
import { createSeededDb, credentialFor } from "../bench/data";
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

export async function startShop(options: { env?: Record<string, string | undefined>; seeded?: boolean } = {}): Promise<Shop> {
  const dir = mkdtempSync(join(tmpdir(), "shop-security-"));
  // seeded: false leaves the database to the server, which creates and seeds it at start-up
  const dbFile = options.seeded === false ? join(dir, "shop.sqlite") : createSeededDb(dir).dbFile;
  const server = await startServer({ dbFile, logDir: dir, env: { LOG_LEVEL: "info", ...options.env } as Record<string, string> });
  return {
    ...server,
    dir,
    dbFile,
    log: () => readFileSync(join(dir, `server-${new URL(server.url).port}.log`), "utf8"),
    memberCookie: (memberId = 1) => `login_credential=${credentialFor(dbFile, memberId)}; coupon_popup=${shopDay(Date.now())}`,
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
