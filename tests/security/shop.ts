// The security tests' shop: the real server process (boot.ts with the production build of
// the storefront, as `npm start` runs it) on a free loopback port and its own temp database.
// A test names the environment it attacks; a variable given as `undefined` is left unset.
// The demo seed is made once per run (tests/security/global-setup.ts) and copied for each shop;
// tests that need nothing but the default shop share the one the setup started (sharedShop).
import { inject } from "vitest";
import { launchShop, shopIn, type LaunchOptions, type Shop } from "./launch-shop";

export type { Shop };

/** Where the global setup's shared shop runs: enough for another process to use it. */
export interface SharedShop {
  url: string;
  pid: number;
  dir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A directory holding the seeded demo database (shop.sqlite) and its images (media/). */
    seededTemplate: string;
    sharedShop: SharedShop;
  }
}

export function startShop(options: LaunchOptions = {}): Promise<Shop> {
  return launchShop(inject("seededTemplate"), options);
}

/**
 * The shop the global setup started with the default settings, shared by the test files that only
 * send it requests of their own (their own orders, lots and sessions). A test that needs other
 * settings, a fresh process, its memory or its log to itself starts its own with startShop.
 */
export function sharedShop(): Shop {
  const { url, pid, dir } = inject("sharedShop");
  const own = (): never => {
    throw new Error("the shared shop's memory and CPU are every file's: measure a shop of your own (startShop)");
  };
  // the global setup stops it after the last file
  return { ...shopIn(dir, url), pid, rssKb: own, cpuMs: own, threadCpuMs: own, allocatedBytes: own, stop: async () => {}, close: async () => {} };
}
