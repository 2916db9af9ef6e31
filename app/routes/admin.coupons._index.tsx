// Coupon activities (issue 39, decision 064): every activity with its state and claimed/used counts,
// and a new activity: 满减 or 折扣, its coupons valid in its window or N days from the claim (decision 066). The form carries the activity number the page drew, so posting it
// twice (a double click, a reload) creates one activity.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ActivityInputs, activityFieldsOf } from "~/components/back-office/activity-fields";
import { ActivityStateMark, offerText } from "~/components/back-office/activity-state";
import { ChangeAnswer } from "~/components/back-office/change-answer";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { checkCsrf, requireOperator } from "~/server-only/back-office.server";
import type { ActivityFields, ChangeOutcome } from "../../shared/back-office";
import { formatDateTime, shopInputValue } from "../../shared/shop-time";
import { CsrfField } from "./admin";

export function loader({ context, request }: LoaderFunctionArgs) {
  const { services } = requireOperator(context, request);
  return { activities: services.listActivities(), activityNo: services.newActivityNo(), now: Date.now() };
}

export async function action({ context, request }: ActionFunctionArgs): Promise<ChangeOutcome & { fields: ActivityFields }> {
  const { services, operator } = requireOperator(context, request);
  const form = await request.formData();
  checkCsrf(form, operator);
  const fields = activityFieldsOf(form);
  return { ...services.createActivity(operator, String(form.get("activityNo") ?? ""), fields), fields };
}

const DAY = 24 * 60 * 60 * 1000;

export default function CouponActivities() {
  const { activities, activityNo, now } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // a refused form shows what was typed; a new one starts today for 30 days
  const values: ActivityFields =
    answer && !answer.ok
      ? answer.fields
      : {
          name: "",
          couponType: "SALE_OFF",
          amount: "",
          discount: "",
          maxDiscount: "",
          threshold: "",
          validityMode: "FIXED",
          validDays: "",
          startAt: shopInputValue(now),
          endAt: shopInputValue(now + 30 * DAY),
          totalStock: "",
          perMemberLimit: "1",
          goodsScope: "",
        };
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-semibold">优惠券</h1>
      <section className={cardClass("md")} aria-labelledby="new-activity">
        <h2 id="new-activity" className="mb-1 font-semibold">
          新建优惠券活动
        </h2>
        <p className="mb-4 text-sm text-ink-muted">
          满减券：适用商品满门槛金额时减去面额。折扣券：适用商品金额打折，最多减去填写的金额。活动时间内可领取；券在活动时间内或领取后 N
          天内可用。保存后按时间在领券中心显示。
        </p>
        <div className="mb-4">
          <ChangeAnswer answer={answer} />
        </div>
        {/* a new form (empty fields) once an activity is added; after a refusal the fields keep what was typed */}
        <Form key={activities.length} method="post" className="grid gap-4 sm:grid-cols-2" aria-label="新建优惠券活动">
          <CsrfField />
          <input type="hidden" name="activityNo" value={activityNo} />
          <ActivityInputs values={values} />
          <div className="flex items-end">
            <button type="submit" className={buttonClass({ size: "lg" })}>
              新建活动
            </button>
          </div>
        </Form>
      </section>
      <section className={cardClass("md")} aria-labelledby="all-activities">
        <h2 id="all-activities" className="mb-3 font-semibold">
          全部活动（{activities.length}）
        </h2>
        {activities.length ? (
          <ul className="flex flex-col divide-y divide-surface-line" aria-label="优惠券活动">
            {activities.map((a) => (
              <li key={a.activityNo} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
                <Link
                  to={`/admin/coupons/${encodeURIComponent(a.activityNo)}`}
                  className="min-h-11 flex-1 basis-60 content-center font-medium hover:text-primary-400"
                >
                  {a.name}
                </Link>
                <ActivityStateMark state={a.state} />
                <span>{offerText(a)}</span>
                <span>
                  已领 {a.claimed}/{a.totalStock} · 已用 {a.used}
                </span>
                <span className="text-ink-muted">
                  {a.claimStartAt || a.claimEndAt ? `${formatDateTime(a.claimStartAt) || "不限"} 至 ${formatDateTime(a.claimEndAt) || "不限"}` : "领取时间不限"}
                </span>
                {a.validityMode === "DAYS" ? <span className="text-ink-muted">券{a.validity}</span> : null}
                <span className="font-mono text-ink-muted">{a.activityNo}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">还没有优惠券活动</p>
        )}
      </section>
    </div>
  );
}
