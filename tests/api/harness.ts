// Starts the real Express app (without the storefront) on a fresh seeded SQLite file, on a free
// loopback port, for API contract tests.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store } from "../../db/client";
import { seedDatabase, type SeedSummary } from "../../seed/seed";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import type { TradeDeps } from "../../server/trade/deps";

export interface Harness {
  url: string;
  store: Store;
  clock: { now: number };
  /** What the app's routers and jobs are built from, on the harness clock: run jobs with it. */
  deps: TradeDeps;
  /** What the seed made: demo members, order numbers by status, sold-out SKUs. */
  seed: SeedSummary;
  api(path: string, init?: RequestInit & { json?: unknown }): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), "shop-api-"));
  const config = loadConfig({ NODE_ENV: "test", DB_FILE: join(dir, "shop.sqlite"), CAPTCHA_TEST_PASS: "test-pass-0000", LOG_LEVEL: "silent", ...env });
  const store = openStore(config.dbFile);
  const clock = { now: Date.now() };
  const seed = seedDatabase(store, { mediaDir: config.mediaDir, now: clock.now });
  const deps: TradeDeps = { config, store, logger: createLogger("silent"), now: () => clock.now };
  const app = createApp({ ...deps });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    store,
    clock,
    deps,
    seed,
    api: apiAt(url),
    async close() {
      await new Promise((resolve) => server.close(resolve));
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The `api` of a harness, for an app listening at `url` (a second app on the same database). */
export function apiAt(url: string): Harness["api"] {
  return async (path, init = {}) => {
    const { json, headers, ...rest } = init;
    const response = await fetch(url + path, {
      ...rest,
      headers: { ...(json === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body, headers: response.headers };
  };
}
