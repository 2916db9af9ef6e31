// Codes (issue 39): the stock per SKU, the newest codes masked, and the import of a supplier's
// codes from pasted text or a TXT/CSV file through the admin script's `codes:import` path
// (decision 050): every line checked, duplicates in the file and in the store listed, all or nothing.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { checkCsrf, requireOperator } from "~/server-only/back-office.server";
import type { ImportLineProblem as ImportProblem } from "../../shared/back-office";
import { formatDateTime } from "../../shared/shop-time";
import { CsrfField } from "./admin";
import { StockTable } from "./admin._index";

const STATUS_TEXT: Record<string, string> = { UNUSED: "未售出", DELIVERED: "已发出" };
const SHOWN_PROBLEMS = 100;

export function loader({ context, request }: LoaderFunctionArgs) {
  const { services } = requireOperator(context, request);
  return { stock: services.skuStock(), recent: services.recentCodes() };
}

const ImportSchema = z.object({
  sku: z.string().trim().max(64),
  text: z.string().max(3 * 1024 * 1024),
  intent: z.enum(["check", "import"]),
});

type ImportAnswer =
  | { ok: true; message: string; skus: { skuNo: string; name: string; codes: number; unused: number | null }[] }
  | { ok: false; message: string; problems: ImportProblem[]; more: number; typed: { sku: string; text: string } };

/** Pasted codes drawn again in a refused form (without JavaScript), up to this many characters: a file is chosen again. */
const TYPED_TEXT_MAX = 200_000;

export async function action({ context, request }: ActionFunctionArgs) {
  const { services, operator } = requireOperator(context, request);
  const form = await request.formData();
  checkCsrf(form, operator);
  const typedText = String(form.get("text") ?? "");
  // a refused import is the form answered again (200), as the shop's own forms are, with what was typed in it
  const refused = (message: string, problems: ImportProblem[] = []) =>
    Response.json({
      ok: false,
      message,
      problems: problems.slice(0, SHOWN_PROBLEMS),
      more: Math.max(0, problems.length - SHOWN_PROBLEMS),
      typed: { sku: String(form.get("sku") ?? "").slice(0, 64), text: typedText.length <= TYPED_TEXT_MAX ? typedText : "" },
    } satisfies ImportAnswer);

  const parsed = ImportSchema.safeParse({ sku: form.get("sku") ?? "", text: form.get("text") ?? "", intent: form.get("intent") ?? "import" });
  if (!parsed.success) return refused("表单无效，请刷新页面后重试");
  const file = form.get("file");
  const upload = file instanceof File && file.size > 0 ? file : null;
  if (upload && !/\.(txt|csv)$/i.test(upload.name)) return refused("只能导入 TXT 或 CSV 文件（Excel 表格请先另存为 CSV UTF-8）");
  if (!upload && !parsed.data.text.trim()) return refused("请粘贴兑换码，或选择一个 TXT/CSV 文件");
  const dryRun = parsed.data.intent === "check";
  const source = upload ? new Uint8Array(await upload.arrayBuffer()) : parsed.data.text;
  const report = services.importCodes(operator, source, { skuNo: parsed.data.sku || undefined, dryRun });
  if (report.refused !== undefined) return refused(`${report.refused}（未写入任何兑换码）`);
  if (report.problems.length) return refused(`有 ${report.problems.length} 处问题，未写入任何兑换码：请修改后重新导入`, report.problems);
  return Response.json({
    ok: true,
    message: report.written ? `已导入 ${report.codes} 个兑换码` : `检查通过（未写入）：${report.codes} 个兑换码可以导入`,
    skus: report.skus,
  } satisfies ImportAnswer);
}

const fieldClass = "w-full rounded-lg bg-surface-sunken px-4 py-2 ring-1 ring-surface-line focus:ring-primary-500";

export default function Codes() {
  const { stock, recent } = useLoaderData<typeof loader>();
  const answer = useActionData<ImportAnswer>();
  const typed = answer && !answer.ok ? answer.typed : undefined;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-semibold">兑换码</h1>
      <section className={cardClass("md")} aria-labelledby="import">
        <h2 id="import" className="mb-1 font-semibold">
          导入兑换码
        </h2>
        <p className="mb-4 text-sm text-ink-muted">
          每行一个「兑换码」，或「SKU,兑换码」。文件内重复、库中已有、格式错误的兑换码会被逐行列出，只要有一处问题就全部不写入。文件最大 2 MB，须为 UTF-8 编码的
          TXT 或 CSV。
        </p>
        {answer ? (
          answer.ok ? (
            <div role="status" className="mb-4 rounded-lg border border-success-500/50 bg-success-500/10 px-3 py-2 text-sm text-success-200">
              <p>{answer.message}</p>
              <ul className="mt-1">
                {answer.skus.map((s) => (
                  <li key={s.skuNo}>
                    {s.skuNo}（{s.name}）{s.codes} 个{s.unused === null ? "" : `，现有未售出 ${s.unused} 个`}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <div role="alert" className="mb-4 rounded-lg border border-danger-500/50 bg-danger-500/10 px-3 py-2 text-sm text-danger-200">
              <p>{answer.message}</p>
              {answer.problems.length ? (
                <ul className="mt-1 list-inside list-disc">
                  {answer.problems.map((p) => (
                    <li key={`${p.line}-${p.reason}`}>
                      第 {p.line} 行：{p.reason}
                    </li>
                  ))}
                  {answer.more ? <li>…另有 {answer.more} 处</li> : null}
                </ul>
              ) : null}
            </div>
          )
        ) : null}
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
          <CsrfField />
          <label className="flex flex-col gap-1 text-sm">
            SKU（可选：每行都只写兑换码时填写）
            <input name="sku" defaultValue={typed?.sku} className={`${fieldClass} h-11`} placeholder="例如 S10001" />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            粘贴兑换码
            <textarea name="text" rows={6} defaultValue={typed?.text} className={`${fieldClass} font-mono`} spellCheck={false} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            或选择文件（TXT/CSV，最大 2 MB）
            <input name="file" type="file" accept=".txt,.csv,text/plain,text/csv" className="text-sm" />
          </label>
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="import" className={buttonClass({ size: "lg" })}>
              导入
            </button>
            <button type="submit" name="intent" value="check" className={buttonClass({ variant: "outline", size: "lg" })}>
              只检查，不写入
            </button>
          </div>
        </Form>
      </section>
      <section className={cardClass("md")} aria-labelledby="stock">
        <h2 id="stock" className="mb-3 font-semibold">
          各 SKU 数量
        </h2>
        <StockTable stock={stock} />
      </section>
      <section className={cardClass("md")} aria-labelledby="recent">
        <h2 id="recent" className="mb-3 font-semibold">
          最近导入的兑换码（只显示末几位）
        </h2>
        {recent.length ? (
          <ul className="flex flex-col gap-1 text-sm">
            {recent.map((c) => (
              <li key={c.id} className="flex flex-wrap gap-x-4">
                <span className="font-mono">{c.masked}</span>
                <span className="font-mono text-ink-muted">{c.skuNo}</span>
                <span>{STATUS_TEXT[c.status] ?? c.status}</span>
                <span className="text-ink-muted">{formatDateTime(c.createdAt)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">还没有兑换码</p>
        )}
      </section>
    </div>
  );
}
