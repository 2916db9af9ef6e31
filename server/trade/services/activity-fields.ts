// The coupon activity form as the back office posts it (decisions 064, 066), checked: an amount-off
// (满减, SALE_OFF) or a percentage (折扣, DISCOUNT, with the most it takes off, spec/03 §5) activity,
// whose coupons last the activity's window (FIXED) or N days from their claim (DAYS). Money typed
// in yuan becomes integer cents; a 折 typed as 8.5 becomes 15 (percent off); times are 北京时间.
// The first problem is answered in Chinese; the goods' existence is the service's (it needs the store).
import { z } from "zod";
import type { ActivityFields } from "../../../shared/back-office";
import { shopTimeOfInput } from "../../../shared/shop-time";
import { COUPON_TYPES } from "../domain/coupon-rules";
import { yuan } from "./goods-import.service";

export const VALIDITY_MODES = ["FIXED", "DAYS"] as const;
/** The longest a DAYS coupon lasts after its claim. */
export const MOST_VALID_DAYS = 365;

const count = (what: string, most: number) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d{1,9}$/.test(v) && Number(v) > 0, `${what}须为正整数`)
    .transform(Number)
    .refine((n) => n <= most, `${what}最多 ${most}`);
const time = (what: string) =>
  z
    .string()
    .transform((v) => shopTimeOfInput(v))
    .refine((v): v is number => v !== null, `请填写有效的${what}（北京时间，如 2026-12-01 10:00）`);
/** A choice of the form's radio buttons; a form without it (posted before decision 066) means the first. */
const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === undefined || v === "" ? values[0] : v), z.enum(values, { error: message }));

const Common = z
  .object({
    name: z.string().trim().min(1, "活动名称不能为空").max(30, "活动名称最长 30 字"),
    startAt: time("开始时间"),
    endAt: time("结束时间"),
    totalStock: count("发放总量", 10_000_000),
    perMemberLimit: count("每人限领张数", 100),
    goodsScope: z
      .string()
      .max(2000, "适用商品最长 2000 字")
      .transform((v) => [...new Set(v.split(/[\s,，、]+/).filter(Boolean))])
      .pipe(z.array(z.string().max(32)).max(100, "适用商品最多 100 个")),
  })
  .refine((f) => f.endAt > f.startAt, { message: "结束时间须晚于开始时间" })
  .refine((f) => f.perMemberLimit <= f.totalStock, { message: "每人限领张数不能多于发放总量" });

const SaleOffTerms = z
  .object({ amount: yuan("面额"), threshold: yuan("使用门槛") })
  .refine((t) => t.threshold >= t.amount, { message: "使用门槛不能低于面额（满 X 元减 Y 元，X 不能小于 Y）" })
  .transform((t) => ({ couponType: "SALE_OFF" as const, amountOff: t.amount, discountPercent: null, maxDiscount: null, threshold: t.threshold }));

/** 8.5 (折, or 8.5折) → 15 (percent off): 0.1–9.9 折 with one decimal at most, so a whole percent. */
const fold = z
  .string()
  .trim()
  .transform((v) => v.replace(/折$/, ""))
  .refine((v) => /^\d(\.\d)?$/.test(v) && Number(v) >= 0.1, "折扣须为 0.1 到 9.9 折，最多一位小数（如 8.5 折填 8.5）")
  .transform((v) => 100 - Math.round(Number(v) * 10));

const DiscountTerms = z
  .object({
    discount: fold,
    maxDiscount: yuan("最多减"),
    // a percentage coupon may have no threshold (the seed's 全场9折): empty or 0 is 无门槛
    threshold: z
      .string()
      .trim()
      .transform((v, ctx) => {
        if (v === "" || /^0+(\.0{1,2})?$/.test(v)) return 0;
        const cents = yuan("使用门槛").safeParse(v);
        if (cents.success) return cents.data;
        ctx.addIssue({ code: "custom", message: "使用门槛须为金额（元，最多两位小数，如 100；0 或留空为无门槛）" });
        return z.NEVER;
      }),
  })
  .transform((t) => ({ couponType: "DISCOUNT" as const, amountOff: null, discountPercent: t.discount, maxDiscount: t.maxDiscount, threshold: t.threshold }));

const DaysValidity = z.object({ validDays: count("有效天数", MOST_VALID_DAYS) }).transform((v) => ({ validityMode: "DAYS" as const, validDays: v.validDays }));

type Validity = { validityMode: "FIXED"; validDays: null } | z.infer<typeof DaysValidity>;
export type CheckedActivity = z.infer<typeof Common> & z.infer<typeof SaleOffTerms | typeof DiscountTerms> & Validity;
type Checked = { ok: true; activity: CheckedActivity } | { ok: false; message: string };

const problem = (error: z.ZodError): Checked => ({ ok: false, message: error.issues[0]!.message });

/** The form checked, or its first problem in Chinese: the kind, the common fields, the terms, the validity. */
export function checkActivityFields(posted: ActivityFields): Checked {
  const fields = { discount: "", maxDiscount: "", validDays: "", ...posted };
  const couponType = choice(COUPON_TYPES, "请选择优惠类型（满减券或折扣券）").safeParse(fields.couponType);
  if (!couponType.success) return problem(couponType.error);
  const validityMode = choice(VALIDITY_MODES, "请选择券的有效期（活动时间内或领取后 N 天）").safeParse(fields.validityMode);
  if (!validityMode.success) return problem(validityMode.error);
  const common = Common.safeParse(fields);
  if (!common.success) return problem(common.error);
  const terms = (couponType.data === "DISCOUNT" ? DiscountTerms : SaleOffTerms).safeParse(fields);
  if (!terms.success) return problem(terms.error);
  let validity: Validity = { validityMode: "FIXED", validDays: null };
  if (validityMode.data === "DAYS") {
    const days = DaysValidity.safeParse(fields);
    if (!days.success) return problem(days.error);
    validity = days.data;
  }
  return { ok: true, activity: { ...common.data, ...terms.data, ...validity } };
}
