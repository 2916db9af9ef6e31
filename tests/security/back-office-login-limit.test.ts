// Brute force on the operator login from one address (decision 065): ten failed logins from one client address in 15
// minutes, over names that exist and names that do not, and that address is refused (429, in Chinese, saying when)
// without its attempts being checked, the right password and code included. The address is the one the back office's
// listener derives through TRUST_PROXY (the default: loopback, as nginx on the same machine would forward): an
// X-Forwarded-For from a peer it does not trust gives no fresh address, one from a trusted proxy names another client,
// who is not refused; and a success from the limited address does not wipe its failures. The real server process with
// ADMIN_PORT on all IPv4 addresses, so that a peer that is not loopback can reach it.
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, operators } from "../../db/schema";
import { totpCode } from "../../server/trade/domain/totp";
import { withStore } from "../bench/data";
import { OPERATOR_PASSWORD, startBackOffice, type BackOffice } from "./back-office-session";

const LIMIT = 10;
const LIMITED = "登录失败次数过多，请15分钟后再试";
const WRONG = "账号、密码或动态验证码错误";

/** An address of this machine that is not loopback: a peer TRUST_PROXY's default does not trust. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
if (!outside) console.warn("back-office login limit: no non-loopback IPv4 address here, the untrusted-peer test is skipped");

let office: BackOffice;
let form: { token: string; cookie: string };

beforeAll(async () => {
  office = await startBackOffice("lim", { ADMIN_HOST: "0.0.0.0" });
  form = await office.loginForm();
}, 120_000);
afterAll(() => office?.shop.close());

const wrong = (name: string, via: { origin?: string; forwardedFor?: string }) =>
  office.postLogin({ csrf: form.token, name, password: "not the password 1", code: "123456" }, form.cookie, via);
const right = (operator: { name: string; secret: string }, via: { origin?: string; forwardedFor?: string }) =>
  office.postLogin({ csrf: form.token, name: operator.name, password: OPERATOR_PASSWORD, code: totpCode(operator.secret, Date.now()) }, form.cookie, via);
const signedIn = (answer: Response) => answer.headers.getSetCookie().some((c) => c.startsWith("tts_operator=") && !c.startsWith("tts_operator=;"));
const audit = () => withStore(office.shop.dbFile, (store) => store.db.select().from(auditLog).all());
const failedLogins = (name: string) =>
  withStore(
    office.shop.dbFile,
    (store) =>
      store.db
        .select()
        .from(operators)
        .all()
        .find((o) => o.name === name)!.failedLogins,
  );

async function expectLimited(answer: Response) {
  expect(answer.status).toBe(429);
  expect(await answer.text()).toContain(LIMITED);
  expect(signedIn(answer)).toBe(false);
}

describe("the operator login's limit per client address", () => {
  it("refuses one address after ten failures over names that exist and not, then its right login too, unchecked", async () => {
    const client = { forwardedFor: "203.0.113.10" };
    const victims = [office.newOperator(), office.newOperator()];
    for (let i = 0; i < LIMIT; i++) {
      const answer = await wrong(i % 2 ? `nobody${i}` : victims[(i / 2) % 2]!.name, client);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain(WRONG);
    }
    const before = audit().length;
    await expectLimited(await wrong("nobody-more", client));
    await expectLimited(await right(victims[0]!, client));
    // not checked: no audit line, the account's count untouched, no session
    expect(audit().length).toBe(before);
    expect(failedLogins(victims[0]!.name)).toBe(3);
    expect(audit().filter((l) => l.action === "登录失败过多，地址受限")).toMatchObject([{ subject: "203.0.113.10" }]);
  });

  it("does not refuse another client behind the trusted proxy, nor an operator on the back office's own address", async () => {
    const client = { forwardedFor: "203.0.113.11" };
    for (let i = 0; i < LIMIT; i++) await wrong(`nobody${i}`, client);
    await expectLimited(await wrong("nobody-more", client));
    expect((await right(office.newOperator(), { forwardedFor: "198.51.100.20" })).status).toBe(302);
    expect((await right(office.newOperator(), {})).status).toBe(302);
  });

  it.skipIf(!outside)("gives a peer that is not trusted no fresh address through a forged X-Forwarded-For", async () => {
    const origin = `http://${outside}:${new URL(office.admin).port}`;
    for (let i = 0; i < LIMIT; i++) {
      const answer = await wrong(`nobody${i}`, { origin, forwardedFor: `198.18.0.${i + 1}` });
      expect(answer.status).toBe(200);
    }
    await expectLimited(await wrong("nobody-more", { origin, forwardedFor: "198.18.1.1" }));
    await expectLimited(await right(office.newOperator(), { origin, forwardedFor: "198.18.1.2, 198.18.1.3" }));
    expect(
      audit()
        .filter((l) => l.action === "登录失败过多，地址受限")
        .map((l) => l.subject),
    ).toContain(outside);
  });

  it("keeps an address's failures when someone logs in from it: an insider cannot reset the count", async () => {
    const client = { forwardedFor: "203.0.113.12" };
    const insider = office.newOperator();
    for (let i = 0; i < LIMIT - 1; i++) await wrong(`nobody${i}`, client);
    expect((await right(insider, client)).status).toBe(302);
    expect((await wrong("nobody-last", client)).status).toBe(200);
    await expectLimited(await wrong("nobody-after", client));
  });
});
