// Operator accounts of the back office (issue 39, decision 053): created on the command line
// (`npm run admin -- operator:create`), logged in with name, scrypt password and a TOTP code;
// sessions that expire when idle and after a working day; a lock after repeated failures of an
// account, and a limit on the failures of one client address over all names (decision 065). Every
// account event goes to the audit log in the same transaction.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { loginAttempts, operators, operatorSessions } from "../../../db/schema";
import type { DbTx } from "../../../db/client";
import { OPERATOR_PASSWORD_MAX, type SignedInOperator } from "../../../shared/back-office";
import { formatDateTime } from "../../../shared/shop-time";
import type { ServiceDeps } from "../deps";
import { limitAddress } from "../domain/client-address";
import { addressLoginRefusal, LOGIN_LOCK } from "../domain/login-lock";
import { hashPassword, verifyPassword } from "../domain/password";
import { waitBeforeNext } from "../domain/rate-window";
import { acceptedTotpStep, newTotpSecret, totpUri } from "../domain/totp";
import { recordAudit } from "./audit-log.service";
import { addressFailures } from "./login-attempts";

export const OPERATOR_LOCK = {
  maxFailures: 5,
  lockMs: 15 * 60_000,
  /**
   * Failed logins one client address may make in 15 minutes (LOGIN_LOCK.windowMs), over all names:
   * enough for two accounts' locks, so one address can neither guess through the names nor lock
   * out every operator (decision 065).
   */
  maxFailuresPerAddress: 10,
} as const;
export const OPERATOR_SESSION = { idleMs: 30 * 60_000, maxMs: 12 * 60 * 60_000 } as const;
export const OPERATOR_NAME = /^[A-Za-z0-9_.-]{2,32}$/;
export const OPERATOR_PASSWORD_MIN = 12;

export const OPERATOR_MESSAGES = {
  WRONG: "账号、密码或动态验证码错误",
  LOCKED: `错误次数过多，账号已锁定，请${OPERATOR_LOCK.lockMs / 60_000}分钟后再试`,
} as const;

/** A refused operator:create (bad name, short password, name taken). */
export class OperatorInputError extends Error {}

/** Who the command line is in the audit log. */
export const COMMAND_LINE_ACTOR = "命令行";

export type { SignedInOperator };

/**
 * `weakPassword`: a further check of the password for this name (the command line's guessability
 * check, seed/operator-password.ts), its message refusing it.
 */
export function createOperator(
  deps: ServiceDeps,
  name: string,
  password: string,
  weakPassword?: (password: string, name: string) => string | null,
): { operatorId: number; secret: string; uri: string } {
  if (!OPERATOR_NAME.test(name)) throw new OperatorInputError("操作员名称应为 2–32 个英文字母、数字或 _ . -");
  const length = [...password].length;
  if (length < OPERATOR_PASSWORD_MIN) throw new OperatorInputError(`密码至少 ${OPERATOR_PASSWORD_MIN} 个字符`);
  // the login form takes no longer one (app/routes/admin_.login.tsx)
  if (password.length > OPERATOR_PASSWORD_MAX) throw new OperatorInputError(`密码最多 ${OPERATOR_PASSWORD_MAX} 个字符`);
  const weak = weakPassword?.(password, name);
  if (weak) throw new OperatorInputError(weak);
  const secret = newTotpSecret();
  const passwordHash = hashPassword(password);
  const now = deps.now();
  const { db } = deps.store;
  const operatorId = db.transaction(
    (tx) => {
      if (tx.select({ id: operators.operatorId }).from(operators).where(eq(operators.name, name)).get()) {
        throw new OperatorInputError(`操作员已存在：${name}`);
      }
      const id = tx.insert(operators).values({ name, passwordHash, totpSecret: secret, createdAt: now }).returning().get().operatorId;
      recordAudit(tx, { operatorId: null, actor: COMMAND_LINE_ACTOR, action: "创建操作员", subject: name, after: name }, now);
      return id;
    },
    { behavior: "immediate" },
  );
  return { operatorId, secret, uri: totpUri(name, secret) };
}

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export type OperatorLoginResult =
  | { ok: true; token: string; operator: SignedInOperator }
  /** `limited`: the client address is over its limit, the attempt was not checked (a 429). */
  | { ok: false; message: string; limited?: true };

export interface OperatorLoginInput {
  name: string;
  password: string;
  code: string;
  /** The client's address as the back office's listener derives it (`trust proxy`: TRUST_PROXY). */
  clientIp: string;
}

/**
 * Name, password and TOTP code. Five failures in a row lock the account for 15 minutes; attempts
 * during a lock are refused unchecked and do not count. One message for every wrong part, so a
 * failure tells nobody which part was right.
 *
 * Before any of that, the client address: ten failures from it in 15 minutes, whatever the names
 * (unknown ones and locked accounts too), and its attempts are refused unchecked until the oldest
 * leaves the window. A success does not clear them (decision 065). The failure that reaches the
 * limit is audited with the address; the refusals after it are not (they only repeat it, and each
 * would be a line an attacker writes for free): the access log has them, status 429.
 */
export function operatorLogin(deps: ServiceDeps, input: OperatorLoginInput): OperatorLoginResult {
  const now = deps.now();
  const { db } = deps.store;
  const address = limitAddress(input.clientIp);
  const earlier = addressFailures(db, "operator", address, now);
  const refusal = addressLoginRefusal(earlier, now, OPERATOR_LOCK.maxFailuresPerAddress);
  if (refusal) return { ok: false, message: refusal, limited: true };
  const actor = input.name.slice(0, 64);
  /** A failure counted against the address, in the transaction of its audit line; the address's line when it reaches the limit. */
  const countFailure = (tx: DbTx) => {
    tx.insert(loginAttempts).values({ mobile: actor, clientIp: address, method: "operator", success: false, createdAt: now }).run();
    if (earlier.length + 1 < OPERATOR_LOCK.maxFailuresPerAddress) return;
    const wait = waitBeforeNext([...earlier, now], now, LOGIN_LOCK.windowMs, OPERATOR_LOCK.maxFailuresPerAddress);
    recordAudit(tx, { operatorId: null, actor, action: "登录失败过多，地址受限", subject: address, after: `至 ${formatDateTime(now + wait)}` }, now);
  };

  const operator = OPERATOR_NAME.test(input.name) ? db.select().from(operators).where(eq(operators.name, input.name)).get() : undefined;
  // the scrypt work for an unknown name too: the answer's time does not tell which names exist
  const passwordOk = verifyPassword(input.password, operator?.passwordHash);
  if (!operator) {
    db.transaction((tx) => {
      recordAudit(tx, { operatorId: null, actor, action: "登录失败", subject: "账号不存在" }, now);
      countFailure(tx);
    });
    return { ok: false, message: OPERATOR_MESSAGES.WRONG };
  }
  if (operator.lockedUntil !== null && operator.lockedUntil > now) {
    db.transaction(countFailure);
    return { ok: false, message: OPERATOR_MESSAGES.LOCKED };
  }
  const step = passwordOk ? acceptedTotpStep(operator.totpSecret, input.code.trim(), now, operator.lastTotpStep) : null;
  return db.transaction(
    (tx): OperatorLoginResult => {
      const audit = { operatorId: operator.operatorId, actor: operator.name };
      if (step === null) {
        const failures = operator.failedLogins + 1;
        const locked = failures >= OPERATOR_LOCK.maxFailures;
        tx.update(operators)
          .set(locked ? { failedLogins: 0, lockedUntil: now + OPERATOR_LOCK.lockMs } : { failedLogins: failures })
          .where(eq(operators.operatorId, operator.operatorId))
          .run();
        recordAudit(tx, { ...audit, action: locked ? "登录失败，账号锁定" : "登录失败", subject: `第 ${failures} 次` }, now);
        countFailure(tx);
        return { ok: false, message: locked ? OPERATOR_MESSAGES.LOCKED : OPERATOR_MESSAGES.WRONG };
      }
      tx.update(operators)
        .set({ failedLogins: 0, lockedUntil: null, lastTotpStep: step, lastLoginAt: now })
        .where(eq(operators.operatorId, operator.operatorId))
        .run();
      const token = randomBytes(32).toString("base64url");
      const csrfToken = randomBytes(24).toString("base64url");
      tx.insert(operatorSessions)
        .values({
          tokenHash: tokenHash(token),
          operatorId: operator.operatorId,
          csrfToken,
          expiresAt: now + OPERATOR_SESSION.idleMs,
          endsAt: now + OPERATOR_SESSION.maxMs,
          createdAt: now,
        })
        .run();
      recordAudit(tx, { ...audit, action: "登录" }, now);
      return { ok: true, token, operator: { operatorId: operator.operatorId, name: operator.name, csrfToken } };
    },
    { behavior: "immediate" },
  );
}

/** The operator of a session token still in force (its idle expiry moved on), or null. */
export function operatorSession(deps: ServiceDeps, token: string | undefined): SignedInOperator | null {
  if (!token) return null;
  const now = deps.now();
  const { db } = deps.store;
  const hash = tokenHash(token);
  const row = db
    .select({ operatorId: operators.operatorId, name: operators.name, csrfToken: operatorSessions.csrfToken, endsAt: operatorSessions.endsAt })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.operatorId, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, hash), gt(operatorSessions.expiresAt, now)))
    .get();
  if (!row) return null;
  db.update(operatorSessions)
    .set({ expiresAt: Math.min(now + OPERATOR_SESSION.idleMs, row.endsAt) })
    .where(eq(operatorSessions.tokenHash, hash))
    .run();
  return { operatorId: row.operatorId, name: row.name, csrfToken: row.csrfToken };
}

export function endOperatorSession(deps: ServiceDeps, token: string, operator: SignedInOperator): void {
  const now = deps.now();
  deps.store.db.transaction((tx) => {
    tx.delete(operatorSessions)
      .where(eq(operatorSessions.tokenHash, tokenHash(token)))
      .run();
    recordAudit(tx, { operatorId: operator.operatorId, actor: operator.name, action: "退出登录" }, now);
  });
}
