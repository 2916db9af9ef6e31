// The fields of a coupon activity's form (decisions 064, 066), for a new activity and an edit: 满减 or
// 折扣 (8.5 折, with the most it takes off), yuan typed, times on the shop's clock (北京时间), coupons
// valid in the activity's window or N days from their claim, limits as whole numbers, goods by number.
// The other kind's fields are hidden by CSS (:has), without JavaScript; the service ignores them.
import type { ActivityFields } from "../../../shared/back-office";
import { fieldClass } from "./change-answer";

/** What a posted activity form holds, as typed. */
export function activityFieldsOf(form: FormData): ActivityFields {
  const text = (name: keyof ActivityFields) => String(form.get(name) ?? "").slice(0, 2000);
  return {
    name: text("name"),
    couponType: text("couponType"),
    amount: text("amount"),
    discount: text("discount"),
    maxDiscount: text("maxDiscount"),
    threshold: text("threshold"),
    validityMode: text("validityMode"),
    validDays: text("validDays"),
    startAt: text("startAt"),
    endAt: text("endAt"),
    totalStock: text("totalStock"),
    perMemberLimit: text("perMemberLimit"),
    goodsScope: text("goodsScope"),
  };
}

function Field({
  label,
  name,
  value,
  className = "",
  display = "flex",
  ...input
}: { label: string; name: keyof ActivityFields; value: string | undefined; display?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={`${display} flex-col gap-1 text-sm ${className}`}>
      {label}
      <input name={name} defaultValue={value} className={`${fieldClass} h-11`} {...input} />
    </label>
  );
}

function Choice({ legend, name, value, options }: { legend: string; name: keyof ActivityFields; value: string; options: [string, string][] }) {
  return (
    <fieldset className="flex flex-col gap-1 text-sm sm:col-span-2">
      <legend className="mb-1">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map(([option, text]) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 ring-1 ring-surface-line has-[:checked]:bg-primary-500/10 has-[:checked]:ring-primary-500"
          >
            <input type="radio" name={name} value={option} defaultChecked={value === option} className="size-4" />
            {text}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

// shown only for the kind (and the validity) chosen: the wrapper is the `group` whose checked radio decides
const onlySaleOff = "flex group-has-[[value=DISCOUNT]:checked]/activity:hidden";
const onlyDiscount = "hidden group-has-[[value=DISCOUNT]:checked]/activity:flex";
const onlyDays = "hidden group-has-[[value=DAYS]:checked]/activity:flex";

export function ActivityInputs({ values }: { values: ActivityFields }) {
  const discount = values.couponType === "DISCOUNT";
  return (
    <div className="group/activity grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <Field label="活动名称" name="name" value={values.name} required maxLength={30} placeholder="例如 满100减10" className="sm:col-span-2" />
      <Choice
        legend="优惠类型"
        name="couponType"
        value={discount ? "DISCOUNT" : "SALE_OFF"}
        options={[
          ["SALE_OFF", "满减券（满 X 元减 Y 元）"],
          ["DISCOUNT", "折扣券（打 N 折，有最多减的金额）"],
        ]}
      />
      <Field label="面额（元）" name="amount" value={values.amount} inputMode="decimal" placeholder="10" display={onlySaleOff} />
      <Field label="折扣（折）" name="discount" value={values.discount} inputMode="decimal" placeholder="8.5（即减 15%）" display={onlyDiscount} />
      <Field label="最多减（元）" name="maxDiscount" value={values.maxDiscount} inputMode="decimal" placeholder="50" display={onlyDiscount} />
      <Field label="使用门槛（满多少元可用）" name="threshold" value={values.threshold} inputMode="decimal" placeholder="100（折扣券填 0 为无门槛）" />
      <Field label="开始时间（北京时间）" name="startAt" value={values.startAt} required type="datetime-local" className="sm:col-start-1" />
      <Field label="结束时间（北京时间）" name="endAt" value={values.endAt} required type="datetime-local" />
      <Choice
        legend="券的有效期"
        name="validityMode"
        value={values.validityMode === "DAYS" ? "DAYS" : "FIXED"}
        options={[
          ["FIXED", "活动时间内有效（同上面的开始和结束时间）"],
          ["DAYS", "领取后 N 天内有效（活动时间为领取时间）"],
        ]}
      />
      <Field label="有效天数（领取后）" name="validDays" value={values.validDays} inputMode="numeric" placeholder="7" display={onlyDays} />
      <Field label="发放总量（张）" name="totalStock" value={values.totalStock} required inputMode="numeric" placeholder="1000" className="sm:col-start-1" />
      <Field label="每人限领（张）" name="perMemberLimit" value={values.perMemberLimit} required inputMode="numeric" placeholder="1" />
      <Field
        label="适用商品编号（用逗号或空格分隔，留空为全部商品）"
        name="goodsScope"
        value={values.goodsScope}
        placeholder="例如 G1001, G1002"
        className="sm:col-span-2"
      />
    </div>
  );
}
