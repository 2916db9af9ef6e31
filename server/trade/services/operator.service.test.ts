// Operator accounts: scrypt password plus TOTP, the lock after five failures, sessions that expire
// and the audit line of every account event. On an in-memory database.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../db/client";
import { auditLog, operators } from "../../../db/schema";
import { medianTimes } from "../../../tests/support/timing";
import { totpCode } from "../domain/totp";
import {
  createOperator,
  endOperatorSession,
  OPERATOR_LOCK,
  OPERATOR_MESSAGES,
  OPERATOR_SESSION,
  OperatorInputError,
  operatorLogin,
  operatorSession,
} from "./operator.service";

const START = Date.UTC(2026, 10, 27, 2, 0, 10);
let store: Store;
let now: number;
const deps = () => ({ store, now: () => now });
const PASSWORD = "correct horse battery";
let secret: string;

beforeEach(() => {
  store = openStore(":memory:");
  now = START;
  secret = createOperator(deps(), "ops", PASSWORD).secret;
});

const login = (over: Partial<{ name: string; password: string; code: string; clientIp: string }> = {}) =>
  operatorLogin(deps(), { name: "ops", password: PASSWORD, code: totpCode(secret, now), clientIp: "192.0.2.10", ...over });
const actions = () =>
  store.db
    .select()
    .from(auditLog)
    .all()
    .map((l) => l.action);

describe("operator:create", () => {
  it("stores a scrypt hash, never the password, and gives an otpauth URI", () => {
    const { uri } = createOperator(deps(), "second", "another long password");
    const row = store.db.select().from(operators).where(eq(operators.name, "second")).get()!;
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain("another");
    expect(uri).toMatch(/^otpauth:\/\/totp\/.+second\?secret=[A-Z2-7]+/);
    expect(actions()).toEqual(["创建操作员", "创建操作员"]);
  });

  it("refuses a taken name, a short password and a bad name", () => {
    expect(() => createOperator(deps(), "ops", "another long password")).toThrow(OperatorInputError);
    expect(() => createOperator(deps(), "new", "short")).toThrow("密码至少 12 个字符");
    expect(() => createOperator(deps(), "有空 格", "another long password")).toThrow(OperatorInputError);
  });
});

describe("login", () => {
  it("needs the password and the current TOTP code, and logs in once per code", () => {
    expect(login({ password: "wrong password!" })).toEqual({ ok: false, message: OPERATOR_MESSAGES.WRONG });
    expect(login({ code: "000000" === totpCode(secret, now) ? "111111" : "000000" })).toEqual({ ok: false, message: OPERATOR_MESSAGES.WRONG });
    const ok = login();
    expect(ok.ok).toBe(true);
    // the same code again (a replay, or a shoulder-surfer) is refused
    expect(login()).toEqual({ ok: false, message: OPERATOR_MESSAGES.WRONG });
    expect(actions()).toEqual(["创建操作员", "登录失败", "登录失败", "登录", "登录失败"]);
  });

  it("takes the code of the step before (a phone a little behind), not an older one", () => {
    expect(login({ code: totpCode(secret, now - 60_000) }).ok).toBe(false);
    expect(login({ code: totpCode(secret, now - 30_000) }).ok).toBe(true);
  });

  it("locks after five failures in a row for 15 minutes, refusing even the right code meanwhile", () => {
    for (let i = 1; i < OPERATOR_LOCK.maxFailures; i++) expect(login({ password: "wrong password!" }).ok).toBe(false);
    expect(login({ password: "wrong password!" })).toEqual({ ok: false, message: OPERATOR_MESSAGES.LOCKED });
    now += 60_000;
    expect(login()).toEqual({ ok: false, message: OPERATOR_MESSAGES.LOCKED });
    now = START + OPERATOR_LOCK.lockMs + 1;
    expect(login().ok).toBe(true);
    expect(actions()).toContain("登录失败，账号锁定");
  });

  it("answers an unknown name as a wrong password, in as much time: the answer does not tell which names exist", async () => {
    expect(login({ name: "nobody" })).toEqual({ ok: false, message: OPERATOR_MESSAGES.WRONG });
    // both under the five failures that lock the known name, and under the address's ten
    const times = await medianTimes({
      known: () => login({ password: "wrong password!", clientIp: "192.0.2.11" }),
      unknown: () => login({ name: "nobody", clientIp: "192.0.2.12" }),
    });
    expect(times.unknown).toBeGreaterThan(times.known / 3);
  });
});

describe("the limit per client address (decision 065)", () => {
  const LIMITED = /^登录失败次数过多，请\d+分钟后再试$/;
  /** Ten failures from one address over two names that exist and others that do not. */
  function failFrom(clientIp: string) {
    createOperator(deps(), "second", "another long password");
    for (let i = 0; i < OPERATOR_LOCK.maxFailuresPerAddress; i++) {
      const name = ["ops", "second", `nobody${i}`][i % 3]!;
      const answer = login({ name, password: "wrong password!", clientIp });
      expect(answer.ok).toBe(false);
      expect("limited" in answer).toBe(false);
    }
  }

  it("refuses an address after ten failures over all names, unchecked: the right login too, until the window has passed", () => {
    failFrom("192.0.2.10");
    const refused = login({ name: "nobody-else", clientIp: "192.0.2.10" });
    expect(refused).toEqual({ ok: false, message: "登录失败次数过多，请15分钟后再试", limited: true });
    now += 5 * 60_000;
    const right = login({ clientIp: "192.0.2.10" });
    expect(right).toMatchObject({ ok: false, limited: true });
    if (!right.ok) expect(right.message).toMatch(LIMITED);
    // the refusals were not checked: "ops" is neither locked further nor logged in
    const lines = store.db.select().from(auditLog).all();
    expect(lines.filter((l) => l.action === "登录")).toHaveLength(0);
    expect(lines.filter((l) => l.action === "登录失败过多，地址受限")).toMatchObject([{ subject: "192.0.2.10", after: expect.stringMatching(/^至 /) }]);
    now = START + 15 * 60_000 + 1;
    expect(login({ clientIp: "192.0.2.10" }).ok).toBe(true);
  });

  it("does not refuse another address: an operator elsewhere logs in", () => {
    failFrom("192.0.2.10");
    expect(login({ clientIp: "192.0.2.10" })).toMatchObject({ ok: false, limited: true });
    expect(login({ clientIp: "198.51.100.7" }).ok).toBe(true);
  });

  it("is not reset by a success from the same address", () => {
    createOperator(deps(), "insider", "another long password");
    const insider = store.db.select().from(operators).where(eq(operators.name, "insider")).get()!;
    for (let i = 0; i < OPERATOR_LOCK.maxFailuresPerAddress - 1; i++) login({ name: `guess${i}`, password: "wrong password!", clientIp: "192.0.2.10" });
    expect(login({ name: "insider", password: "another long password", code: totpCode(insider.totpSecret, now), clientIp: "192.0.2.10" }).ok).toBe(true);
    expect(login({ name: "guess-last", password: "wrong password!", clientIp: "192.0.2.10" })).toEqual({ ok: false, message: OPERATOR_MESSAGES.WRONG });
    expect(login({ clientIp: "192.0.2.10" })).toMatchObject({ ok: false, limited: true });
  });

  it("counts an IPv6 client by its /64", () => {
    for (let i = 0; i < OPERATOR_LOCK.maxFailuresPerAddress; i++) login({ name: `guess${i}`, password: "wrong password!", clientIp: `2001:db8:1:2::${i + 1}` });
    expect(login({ clientIp: "2001:db8:1:2:ffff::9" })).toMatchObject({ ok: false, limited: true });
  });
});

describe("sessions", () => {
  it("expire when idle, slide with use, end after a working day and at logout", () => {
    const result = login();
    if (!result.ok) throw new Error(result.message);
    const { token } = result;
    expect(operatorSession(deps(), token)?.name).toBe("ops");
    expect(operatorSession(deps(), "forged")).toBeNull();
    // used every 20 minutes it stays, but never past the absolute end
    for (let t = 20 * 60_000; t < OPERATOR_SESSION.maxMs; t += 20 * 60_000) {
      now = START + t;
      expect(operatorSession(deps(), token)).not.toBeNull();
    }
    now = START + OPERATOR_SESSION.maxMs;
    expect(operatorSession(deps(), token)).toBeNull();

    now += 60_000;
    const second = login();
    if (!second.ok) throw new Error(second.message);
    now += OPERATOR_SESSION.idleMs + 1;
    expect(operatorSession(deps(), second.token)).toBeNull();

    now += 60_000;
    const third = login();
    if (!third.ok) throw new Error(third.message);
    endOperatorSession(deps(), third.token, third.operator);
    expect(operatorSession(deps(), third.token)).toBeNull();
    expect(actions().at(-1)).toBe("退出登录");
  });
});
