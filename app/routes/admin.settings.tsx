// The shop's identity (issue 39, decision 061): company, address, ICP number, contact and the
// service QR code, which the storefront's footer, agreements and 订单凭证 show. Empty fields are
// left out there: nothing is invented for a shop whose operator set nothing.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ChangeAnswer, fieldClass, uploadedBytes, withTyped, type FormAnswer } from "~/components/back-office/change-answer";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { checkCsrf, requireOperator } from "~/server-only/back-office.server";
import { IMAGE_MAX_BYTES } from "../../shared/back-office";
import { CsrfField } from "./admin";

export function loader({ context, request }: LoaderFunctionArgs) {
  return requireOperator(context, request).services.identity();
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").slice(0, 1000);

export async function action({ context, request }: ActionFunctionArgs): Promise<FormAnswer> {
  const { services, operator } = requireOperator(context, request);
  const form = await request.formData();
  checkCsrf(form, operator);
  const fields = { company: text(form, "company"), address: text(form, "address"), icp: text(form, "icp"), contact: text(form, "contact") };
  return withTyped(services.updateIdentity(operator, fields, await uploadedBytes(form, "qrImage")), form);
}

const FIELDS = [
  { name: "company", label: "公司名称（页脚「本站所售数字商品由…授权销售」、协议的运营主体、订单凭证的销售方）", max: 60 },
  { name: "address", label: "公司地址", max: 120 },
  { name: "icp", label: "ICP 备案号（如 粤ICP备2024012345号-1）", max: 40 },
  { name: "contact", label: "商务合作联系方式（如 陈先生（business@example.com））", max: 120 },
] as const;

export default function Settings() {
  const identity = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-6" key={JSON.stringify(identity)}>
      <h1 className="text-xl font-semibold">商城信息</h1>
      <section className={cardClass("md")} aria-labelledby="identity">
        <h2 id="identity" className="mb-1 font-semibold">
          公司与备案
        </h2>
        <p className="mb-4 text-sm text-ink-muted">显示在商城页脚、协议和订单凭证上；留空的项不显示。</p>
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" aria-label="商城信息">
          <ChangeAnswer answer={answer} />
          <CsrfField />
          {FIELDS.map((f) => (
            <label key={f.name} className="flex flex-col gap-1 text-sm">
              {f.label}
              <input name={f.name} maxLength={f.max} defaultValue={answer?.typed?.[f.name] ?? identity[f.name]} className={`${fieldClass} h-11`} />
            </label>
          ))}
          <div className="flex flex-wrap items-end gap-4">
            {identity.qrImage ? (
              <img src={identity.qrImage} alt="当前客服二维码" width={96} height={96} className="rounded bg-white p-1" />
            ) : (
              <p className="text-sm text-ink-muted">还没有客服二维码</p>
            )}
            <label className="flex flex-col gap-1 text-sm">
              客服二维码（PNG、JPEG、WebP 或 GIF，最大 {IMAGE_MAX_BYTES / 1024 / 1024} MB；不选则不变）
              <input name="qrImage" type="file" accept="image/png,image/jpeg,image/webp,image/gif" className="text-sm" />
            </label>
          </div>
          <div>
            <button type="submit" className={buttonClass({ size: "lg" })}>
              保存商城信息
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
