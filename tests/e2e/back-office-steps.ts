// What every back-office spec does first (issue 39, decision 053): an operator created on the command line as
// docs/deploy.md says, logged in with the code the authenticator would show for the secret operator:create printed;
// and the screenshots people look at, beside the shop's (tests/.tmp/screenshots/).
import { spawnSync } from "node:child_process";
import type { Page, TestInfo } from "@playwright/test";
import { E2E_ADMIN_PORT } from "../../playwright.config";
import { totpCode } from "../../server/trade/domain/totp";
import { expect } from "./fixtures";
import { saveShot } from "./page-shots";
import { adminCommand } from "./shop-api";

export const ADMIN = `http://127.0.0.1:${E2E_ADMIN_PORT}`;
export const OPERATOR_PASSWORD = "operator e2e password";

/** `npm run admin -- operator:create NAME`, the password on stdin; answers the TOTP secret it printed. */
export function createOperator(name: string): string {
  const { file, args, env } = adminCommand("operator:create", name);
  const run = spawnSync(file, args, { input: `${OPERATOR_PASSWORD}\n`, env, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return /动态验证码密钥（TOTP）：([A-Z2-7]+)/.exec(run.stdout)![1]!;
}

/** Logs an operator in from the back office's front page, which sends a visitor to its login. */
export async function logIn(page: Page, name: string, secret: string) {
  await page.goto(`${ADMIN}/admin`);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("操作员名称").fill(name);
  await page.getByLabel("密码").fill(OPERATOR_PASSWORD);
  await page.getByLabel("动态验证码").fill(totpCode(secret, Date.now()));
  await page.getByRole("button", { name: "登录" }).click();
  // a form post on a machine the whole suite keeps busy
  await expect(page.getByRole("heading", { name: /概览/ })).toBeVisible({ timeout: 15_000 });
}

/** An operator of this test's own (named after its prefix, width and project), logged in; answers the name. */
export async function logInAsNewOperator(page: Page, info: TestInfo, prefix: string): Promise<string> {
  const name = `${prefix}${page.viewportSize()!.width}${info.project.name.replace("-", "")}${Date.now() % 100000}`;
  await logIn(page, name, createOperator(name));
  return name;
}

/** tests/.tmp/screenshots/back-office-<name>-<project>-<width>.jpg, the whole page down to 4,000 px. */
export const backOfficeShot = (page: Page, info: TestInfo, name: string) =>
  saveShot(page, `back-office-${name}-${info.project.name}-${page.viewportSize()!.width}`, { fullPage: true, maxHeight: 4_000 });
