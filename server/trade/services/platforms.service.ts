// How a delivered code is redeemed (the `redeem_guides` table, db/migrations/0010_redeem_steps_by_code_kind.sql):
// steps per platform and kind of code (goods.code_kind: a game key, a wallet code, a gift card, a
// top-up), for the order page under every delivered code and for the goods' introduction the seed writes.
import type { Db } from "../../../db/client";
import { statement } from "./prepared";

/** How each goods' codes are redeemed: goods_no → its platform, kind of code and steps (none when no guide). */
export function redeemGuideOfGoods(db: Db, goodsNos: readonly string[]): Map<string, { platform: string; codeKind: string; steps: string[] }> {
  const rows = statement(
    db,
    "SELECT g.goods_no AS goodsNo, g.platform, g.code_kind AS codeKind, r.redeem_steps AS steps FROM goods g LEFT JOIN redeem_guides r ON r.platform = g.platform AND r.code_kind = g.code_kind WHERE g.goods_no IN (SELECT value FROM json_each(?))",
  ).all(JSON.stringify(goodsNos)) as { goodsNo: string; platform: string; codeKind: string; steps: string | null }[];
  return new Map(rows.map((r) => [r.goodsNo, { platform: r.platform, codeKind: r.codeKind, steps: parseSteps(r.steps ?? "[]") }]));
}

/** Every guide's steps, keyed by redeemGuideKey(platform, code kind). */
export function redeemGuides(db: Db): Map<string, string[]> {
  const rows = statement(db, "SELECT platform, code_kind AS kind, redeem_steps AS steps FROM redeem_guides").all() as {
    platform: string;
    kind: string;
    steps: string;
  }[];
  return new Map(rows.map((r) => [redeemGuideKey(r.platform, r.kind), parseSteps(r.steps)]));
}

export function redeemGuideKey(platform: string, codeKind: string): string {
  return `${platform}/${codeKind}`;
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
