// The goods platforms' reference data (the `platforms` table, db/migrations/0005_search_by_platform.sql):
// how a code of each platform is redeemed, for the order page under every delivered code and for
// the goods' introduction the seed writes.
import type { Db } from "../../../db/client";
import { statement } from "./prepared";

/** The redemption steps of each goods' platform: goods_no → steps (none for a platform without any). */
export function redeemStepsOfGoods(db: Db, goodsNos: readonly string[]): Map<string, string[]> {
  const rows = statement(
    db,
    "SELECT g.goods_no AS goodsNo, p.redeem_steps AS steps FROM goods g JOIN platforms p ON p.platform = g.platform WHERE g.goods_no IN (SELECT value FROM json_each(?))",
  ).all(JSON.stringify(goodsNos)) as { goodsNo: string; steps: string }[];
  return new Map(rows.map((r) => [r.goodsNo, parseSteps(r.steps)]));
}

/** Every platform's redemption steps: platform → steps. */
export function redeemStepsByPlatform(db: Db): Map<string, string[]> {
  const rows = statement(db, "SELECT platform, redeem_steps AS steps FROM platforms").all() as { platform: string; steps: string }[];
  return new Map(rows.map((r) => [r.platform, parseSteps(r.steps)]));
}

/** The column is JSON an operator may edit by hand: anything but a list of texts reads as none. */
function parseSteps(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((step): step is string => typeof step === "string" && step.trim() !== "") : [];
  } catch {
    return [];
  }
}
