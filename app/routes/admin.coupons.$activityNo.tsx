// One coupon activity in the back office (issue 39, decision 064): its counts, an edit (terms locked
// once a coupon is claimed), and a stop that keeps claimed coupons valid unless the operator ticks
// the box to void the unused ones. Each form is audited, CSRF-checked, all or nothing.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ActivityInputs, activityFieldsOf } from "~/components/back-office/activity-fields";
import { ActivityStateMark, offerText } from "~/components/back-office/activity-state";
import { ChangeAnswer } from "~/components/back-office/change-answer";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { checkCsrf, requireOperator } from "~/server-only/back-office.server";
import type { ActivityFields, ChangeOutcome } from "../../shared/back-office";
import { foldOf, yuanAmount } from "../../shared/money";
import { formatDateTime, shopInputValue } from "../../shared/shop-time";
import { CsrfField } from "./admin";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.activity.name ?? "优惠券活动"} · TTS游戏商城 · 后台` }];

export function loader({ context, request, params }: LoaderFunctionArgs) {
  const { services } = requireOperator(context, request);
  const activity = services.activityForEdit(params.activityNo ?? "");
  if (!activity) throw new Response("优惠券活动不存在", { status: 404 });
  return { activity };
}

const Intent = z.enum(["edit", "stop"]);

export async function action({ context, request, params }: ActionFunctionArgs): Promise<ChangeOutcome & { form: string; fields?: ActivityFields }> {
  const { services, operator } = requireOperator(context, request);
  const form = await request.formData();
  checkCsrf(form, operator);
  const activityNo = params.activityNo ?? "";
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success) return { ok: false, message: "表单无效，请刷新页面后重试", form: "" };
  if (intent.data === "stop") return { ...services.stopActivity(operator, activityNo, { voidUnused: form.get("voidUnused") === "on" }), form: "stop" };
  const fields = activityFieldsOf(form);
  return { ...services.updateActivity(operator, activityNo, fields), form: "edit", fields };
}

function Answer({ at }: { at: string }) {
  const answer = useActionData<typeof action>();
  return answer && answer.form === at ? <ChangeAnswer answer={answer} /> : null;
}

export default function ActivityPage() {
  const { activity: a } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const stored: ActivityFields = {
    name: a.name,
    couponType: a.couponType,
    amount: a.amountOff === null ? "" : yuanAmount(a.amountOff),
    discount: a.discountPercent === null ? "" : foldOf(a.discountPercent),
    maxDiscount: a.maxDiscount === null ? "" : yuanAmount(a.maxDiscount),
    threshold: yuanAmount(a.threshold),
    validityMode: a.validityMode,
    validDays: a.validDays === null ? "" : String(a.validDays),
    startAt: a.claimStartAt === null ? "" : shopInputValue(a.claimStartAt),
    endAt: a.claimEndAt === null ? "" : shopInputValue(a.claimEndAt),
    totalStock: String(a.totalStock),
    perMemberLimit: String(a.perMemberLimit),
    goodsScope: a.goodsScope.join(", "),
  };
  // after a refused edit the form shows what was typed, after a saved one what is stored
  const values = answer?.form === "edit" && !answer.ok && answer.fields ? answer.fields : stored;
  const stopped = a.state === "已停用";
  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to="/admin/coupons" className="text-sm hover:text-primary-400">
          ‹ 全部优惠券活动
        </Link>
      </p>
      <h1 className="flex flex-wrap items-center gap-3 text-xl font-semibold">
        {a.name} <span className="font-mono text-base text-ink-muted">{a.activityNo}</span>
        <ActivityStateMark state={a.state} />
      </h1>
      <section className={cardClass("md")} aria-labelledby="activity-counts">
        <h2 id="activity-counts" className="mb-3 font-semibold">
          概况
        </h2>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          {[
            ["优惠", offerText(a)],
            ["已领取", `${a.claimed} / ${a.totalStock} 张`],
            ["已使用", `${a.used} 张`],
            ["未使用", `${a.unusedClaimed} 张`],
            ["每人限领", `${a.perMemberLimit} 张`],
            ["券有效期", a.validity],
            ["适用商品", a.goodsScope.length ? a.goodsScope.join("、") : "全部商品"],
            ...(a.stoppedAt ? [["停用时间", formatDateTime(a.stoppedAt)]] : []),
          ].map(([term, detail]) => (
            <div key={term}>
              <dt className="text-ink-muted">{term}</dt>
              <dd>{detail}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={cardClass("md")} aria-labelledby="edit-activity">
        <h2 id="edit-activity" className="mb-1 font-semibold">
          修改活动
        </h2>
        <p className="mb-4 text-sm text-ink-muted">
          {stopped
            ? "活动已停用，不能再修改。"
            : a.claimed
              ? "已有券被领取：优惠类型、面额或折扣、门槛和适用商品不能再改（已领取的券按活动的条件使用）；发放总量不能少于已领取数；时间和有效期的修改只影响之后领取的券。"
              : "时间为北京时间；已领取的券保留领取时的有效期。"}
        </p>
        {stopped ? null : (
          <Form key={JSON.stringify(stored)} method="post" className="grid gap-4 sm:grid-cols-2" aria-label="修改活动">
            <div className="sm:col-span-2">
              <Answer at="edit" />
            </div>
            <CsrfField />
            <input type="hidden" name="intent" value="edit" />
            <ActivityInputs values={values} />
            <div className="flex items-end">
              <button type="submit" className={buttonClass({ size: "lg" })}>
                保存修改
              </button>
            </div>
          </Form>
        )}
      </section>
      <section className={cardClass("md")} aria-labelledby="stop-activity">
        <h2 id="stop-activity" className="mb-1 font-semibold">
          停用活动
        </h2>
        <Form method="post" className="flex flex-col gap-4" aria-label="停用活动">
          <Answer at="stop" />
          {stopped ? (
            <p className="text-sm text-ink-muted">活动已停用：领券中心不再显示，也不能再领取。</p>
          ) : (
            <>
              <p className="text-sm text-ink-muted">停用后领券中心立即不再显示这个活动，也不能再领取。已领取的券默认仍可在有效期内使用。</p>
              <CsrfField />
              <input type="hidden" name="intent" value="stop" />
              <label className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name="voidUnused" className="size-5" />
                同时作废已领取但未使用的 {a.unusedClaimed} 张券
              </label>
              <div>
                <button type="submit" className={buttonClass({ variant: "outline", size: "lg" })}>
                  停用活动
                </button>
              </div>
            </>
          )}
        </Form>
      </section>
    </div>
  );
}
