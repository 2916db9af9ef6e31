// The back office's overview (issue 39): the SKUs to restock are the ones on sale with LOW_STOCK unused codes
// or fewer, the emptiest first; a SKU off sale or well stocked waits on the codes page. In-memory database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { openStore } from "../../../db/client";
import { LOW_STOCK, type BackOfficeServices, type SignedInOperator } from "../../../shared/back-office";
import { backOffice } from "./back-office";

const OPERATOR: SignedInOperator = { operatorId: 1, name: "ops", csrfToken: "t" };
const sku = (name: string, onSale = true) => ({ name, price: "38", originPrice: "", onSale });

let media: string;
let office: BackOfficeServices;

beforeEach(() => {
  media = mkdtempSync(join(tmpdir(), "back-office-"));
  office = backOffice({ store: openStore(":memory:"), now: () => Date.UTC(2026, 10, 28, 2) }, { mediaDir: media });
  expect(
    office.createGoods(OPERATOR, { goodsNo: "G1", name: "星露谷物语", platform: "STEAM", codeKind: "GAME_KEY", skuNo: "SOLD", skuName: "标准版", price: "38" })
      .ok,
  ).toBe(true);
  for (const [skuNo, onSale] of [
    ["LOW", true],
    ["FULL", true],
    ["OFF", false],
  ] as const) {
    expect(office.addSku(OPERATOR, "G1", { skuNo, ...sku(skuNo, onSale) }).ok).toBe(true);
  }
  const codes = (skuNo: string, n: number) => Array.from({ length: n }, (_, i) => `${skuNo},${skuNo}-CODE-${i}`);
  const file = [...codes("LOW", LOW_STOCK), ...codes("FULL", LOW_STOCK + 1)].join("\n");
  expect(office.importCodes(OPERATOR, file)).toMatchObject({ written: true, codes: 2 * LOW_STOCK + 1 });
});
afterEach(() => rmSync(media, { recursive: true, force: true }));

it("lists the sold-out and low SKUs on sale, emptiest first, and counts every SKU", () => {
  const { restock, skuCount } = office.dashboard();
  expect(restock.map((s) => [s.skuNo, s.unused])).toEqual([
    ["SOLD", 0],
    ["LOW", LOW_STOCK],
  ]);
  expect(skuCount).toBe(4);
  // the codes page still has all four
  expect(office.skuStock().map((s) => s.skuNo)).toEqual(["OFF", "SOLD", "LOW", "FULL"]);
});
