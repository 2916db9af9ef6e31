// The shop's own settings (shop_settings, migration 0019), read and written by the trade tier alone.
// `demo` marks a database the demo seed wrote: the admin script's demo commands refuse any other
// (decision 049), so a production database never receives made-up codes or the published password.
import { eq } from "drizzle-orm";
import type { DbTx } from "../../../db/client";
import { shopSettings } from "../../../db/schema";

const DEMO_KEY = "demo";

export function readSetting(db: DbTx, key: string): string | null {
  return db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, key)).get()?.value ?? null;
}

export function writeSetting(db: DbTx, key: string, value: string, now: number): void {
  db.insert(shopSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: now } })
    .run();
}

/** Whether the demo seed wrote this database (and so whether demo commands may change it). */
export const isDemoDatabase = (db: DbTx): boolean => readSetting(db, DEMO_KEY) === "1";

/** Written by the demo seed, in its transaction. */
export const markDemoDatabase = (db: DbTx, now: number): void => writeSetting(db, DEMO_KEY, "1", now);
