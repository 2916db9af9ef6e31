// The back office (issue 39), as an operator uses it: created on the command line, logged in with
// the authenticator's code (computed here from the secret operator:create printed), the overview,
// then codes imported from a file and from pasted text; a malformed file and a duplicate code are
// answered in Chinese and change nothing. JS on and off, desktop and phone.
import { totpCode } from "../../server/trade/domain/totp";
import { ADMIN, backOfficeShot as shot, createOperator, logIn, logInAsNewOperator, OPERATOR_PASSWORD as PASSWORD } from "./back-office-steps";
import { expect, test } from "./fixtures";
import { readDb } from "./shop-api";

for (const width of [1440, 390]) {
  test.describe(`the back office at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 400 ? 900 : 844 } });

    test("an operator's stale code is refused; the right one opens the overview; 退出 ends the session", async ({ page }, info) => {
      // the command line (tsx) and a few pages, without JavaScript each a document
      test.setTimeout(120_000);
      const name = `e2e${width}${info.project.name.replace("-", "")}${Date.now() % 100000}`;
      const secret = createOperator(name);

      // a wrong code first: refused in Chinese
      await page.goto(`${ADMIN}/admin/login`);
      await page.getByLabel("操作员名称").fill(name);
      await page.getByLabel("密码").fill(PASSWORD);
      await page.getByLabel("动态验证码").fill(totpCode(secret, Date.now() - 5 * 60_000));
      await page.getByRole("button", { name: "登录" }).click();
      await expect(page.getByRole("alert")).toHaveText("账号、密码或动态验证码错误");
      // the name stays for the next try, the password and the code do not
      await expect(page.getByLabel("操作员名称")).toHaveValue(name);
      await shot(page, info, "login-refused");

      await logIn(page, name, secret);
      await expect(page.getByText("今日收入")).toBeVisible();
      // the SKUs to restock, each marked, not all of them: every SKU's count is one link away
      const restock = page.getByRole("region", { name: /需要补货的 SKU/ });
      const marks = restock.getByText(/^(库存低|已售罄)$/);
      await expect(marks.first()).toBeVisible();
      await expect(restock.getByRole("row")).toHaveCount((await marks.count()) + 1);
      await expect(restock).toContainText(/共 \d+ 个 SKU/);
      await shot(page, info, "overview");
      await restock.getByRole("link", { name: "查看每个 SKU 的兑换码数量" }).click();
      await expect(page.getByRole("heading", { name: "各 SKU 数量" })).toBeVisible();

      await page.getByRole("button", { name: "退出" }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await page.goto(`${ADMIN}/admin`);
      await expect(page).toHaveURL(/\/admin\/login$/);
    });

    test("codes are imported all or nothing, masked in lists, and the import is in the operations log", async ({ page }, info) => {
      // one test of its own: eight pages, without JavaScript each a document, on a machine the whole suite keeps busy
      test.setTimeout(120_000);
      const name = await logInAsNewOperator(page, info, "import");
      await page.getByRole("link", { name: "兑换码", exact: true }).click();
      await expect(page.getByRole("heading", { name: "导入兑换码" })).toBeVisible();
      const sku = readDb<{ sku_no: string }>("SELECT sku_no FROM skus ORDER BY sku_no LIMIT 1")[0]!.sku_no;
      const existing = readDb<{ code: string }>("SELECT code FROM cdkeys ORDER BY id LIMIT 1")[0]!.code;
      const fresh = (n: number) => `E2E-${name}-${n}`.toUpperCase();
      // this test's own codes: the other project imports into the same database meanwhile
      const codeCount = () => readDb<{ n: number }>("SELECT count(*) AS n FROM cdkeys WHERE code LIKE ?", `${fresh(0).slice(0, -1)}%`)[0]!.n;
      const before = codeCount();

      // a malformed file: a line with spaces and one with three columns
      await page.getByLabel("或选择文件（TXT/CSV，最大 2 MB）").setInputFiles({
        name: "codes.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`${sku},${fresh(1)}\n${sku},not a code\n${sku},${fresh(2)},extra\n`),
      });
      await page.getByRole("button", { name: "导入", exact: true }).click();
      const refusal = page.getByRole("alert");
      await expect(refusal).toContainText("有 2 处问题，未写入任何兑换码");
      await expect(refusal).toContainText("第 2 行：兑换码格式错误");
      await expect(refusal).toContainText("第 3 行：列数不对");
      expect(codeCount()).toBe(before);
      await shot(page, info, "import-malformed");

      // pasted: a code the store already holds, and one twice (with JavaScript the file stays chosen: unchosen)
      await page.getByLabel("或选择文件（TXT/CSV，最大 2 MB）").setInputFiles([]);
      await page.getByLabel("粘贴兑换码").fill(`${sku},${fresh(3)}\n${sku},${existing}\n${sku},${fresh(3)}`);
      await page.getByRole("button", { name: "导入", exact: true }).click();
      await expect(refusal).toContainText("第 2 行：兑换码已在库中");
      await expect(refusal).toContainText("第 3 行：兑换码与第 1 行重复");
      expect(codeCount()).toBe(before);
      // the pasted codes stay to be mended, with or without JavaScript
      await expect(page.getByLabel("粘贴兑换码")).toHaveValue(`${sku},${fresh(3)}\n${sku},${existing}\n${sku},${fresh(3)}`);
      await shot(page, info, "import-duplicate");

      // a good paste goes in whole, and lists show the codes masked
      await page.getByLabel("粘贴兑换码").fill(`${fresh(4)}\n${fresh(5)}`);
      await page.getByLabel(/^SKU/).fill(sku);
      await page.getByRole("button", { name: "导入", exact: true }).click();
      await expect(page.getByRole("status")).toContainText("已导入 2 个兑换码");
      expect(codeCount()).toBe(before + 2);
      await expect(page.getByText(fresh(4))).toHaveCount(0);
      await expect(page.getByText(`••••••${fresh(5).slice(-4)}`).first()).toBeVisible();
      await shot(page, info, "import-done");

      await page.getByRole("link", { name: "操作记录" }).click();
      await expect(page.getByText("导入兑换码").first()).toBeVisible();
      await expect(page.getByText(name).first()).toBeVisible();
      await shot(page, info, "audit");
    });
  });
}
