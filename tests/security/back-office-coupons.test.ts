// The back office's coupon pages under attack (issue 39, decision 064): a form without the session's
// CSRF token, with a forged one, or from another site; a shopper's cookie; the shop's port; the same
// form posted twice. Each is refused (or answered once) and changes nothing more. The real server
// with ADMIN_PORT.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, couponActivities } from "../../db/schema";
import { withStore } from "../bench/data";
import { forgedPosts, startBackOffice, type BackOffice } from "./back-office-session";
import type { Shop } from "./shop";

let office: BackOffice;
let shop: Shop;
let admin: string;
const ACTIVITY = "ACT002";

beforeAll(async () => {
  office = await startBackOffice("couponop");
  ({ shop, admin } = office);
}, 120_000);
afterAll(() => shop?.close());

/** A new operator signed in on the coupons page: its cookie, its forms' CSRF token, and the new activity's number. */
async function signIn(): Promise<{ cookie: string; csrf: string; activityNo: string }> {
  const { cookie, csrf, html } = await office.signIn("/admin/coupons");
  return { cookie, csrf, activityNo: /name="activityNo" value="(ACT\d+)"/.exec(html)![1]! };
}

const stored = () =>
  withStore(shop.dbFile, (store) => ({
    activities: store.db.select().from(couponActivities).all(),
    audit: store.db.select().from(auditLog).all().length,
  }));

function activityForm(csrf: string | null, extra: Record<string, string>) {
  const form = new URLSearchParams({
    name: "被篡改",
    amount: "99",
    threshold: "99",
    startAt: "2026-01-01T00:00",
    endAt: "2030-01-01T00:00",
    totalStock: "1000",
    perMemberLimit: "10",
    goodsScope: "",
    ...extra,
  });
  if (csrf !== null) form.set("csrf", csrf);
  return form;
}
describe("who may change coupon activities", () => {
  it("refuses a form without the session's CSRF token, with another's, or from another site", async () => {
    const { cookie, csrf, activityNo } = await signIn();
    const before = stored();
    for (const [token, headers] of forgedPosts(csrf)) {
      expect((await office.post("/admin/coupons", cookie, activityForm(token, { activityNo }), headers)).status).toBe(403);
      expect((await office.post(`/admin/coupons/${ACTIVITY}`, cookie, activityForm(token, { intent: "edit" }), headers)).status).toBe(403);
      expect((await office.post(`/admin/coupons/${ACTIVITY}`, cookie, activityForm(token, { intent: "stop", voidUnused: "on" }), headers)).status).toBe(403);
    }
    expect(stored()).toEqual(before);
  });

  it("sends a shopper's cookie to the login page and changes nothing", async () => {
    const shopper = shop.memberCookie(1);
    const before = stored();
    for (const path of ["/admin/coupons", `/admin/coupons/${ACTIVITY}`]) {
      const read = await fetch(`${admin}${path}`, { headers: { Cookie: shopper }, redirect: "manual" });
      expect(read.status, path).toBe(302);
      expect(read.headers.get("Location")).toBe("/admin/login");
      const write = await office.post(path, shopper, activityForm(null, { intent: "stop", activityNo: "ACT20261128000001" }));
      expect(write.status, path).toBe(302);
    }
    expect(stored()).toEqual(before);
  });

  it("is not on the shop's port", async () => {
    for (const path of ["/admin/coupons", `/admin/coupons/${ACTIVITY}`, "/admin/coupons.data"]) {
      expect((await fetch(`${shop.url}${path}`, { redirect: "manual" })).status, path).toBe(404);
    }
  });

  it("creates one activity from a form posted twice", async () => {
    const { cookie, csrf, activityNo } = await signIn();
    const before = stored();
    const form = activityForm(csrf, { activityNo, name: "双击测试" });
    const [first, second] = [await office.post("/admin/coupons", cookie, form), await office.post("/admin/coupons", cookie, form)];
    expect(await first.text()).toContain("已新建优惠券活动「双击测试」");
    expect(await second.text()).toContain("这个活动已经创建过了（表单重复提交），未重复创建");
    const after = stored();
    expect(after.activities.filter((a) => a.couponName === "双击测试")).toHaveLength(1);
    expect(after.activities).toHaveLength(before.activities.length + 1);
    expect(after.audit).toBe(before.audit + 1);
  });
});
