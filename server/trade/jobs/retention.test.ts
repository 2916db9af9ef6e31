// The retention job (operator trial L4, decision 056): sent messages, expired SMS codes and login attempts older than
// their retention go; recent ones, messages still to send or given up, and what the limits still read stay.
import { afterEach, beforeEach, expect, it } from "vitest";
import { openStore, type Store } from "../../../db/client";
import { loadConfig } from "../../config";
import { createLogger } from "../../logger";
import type { TradeDeps } from "../deps";
import { startJobs } from ".";
import { pruneOldRecords } from "./retention";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 12);

let store: Store;
let deps: Pick<TradeDeps, "store" | "config">;
beforeEach(() => {
  store = openStore(":memory:");
  deps = { store, config: { retention: { outboxMs: 30 * DAY, loginRecordsMs: 7 * DAY } } as TradeDeps["config"] };
});
afterEach(() => store.close());

function message(status: string, ageDays: number, sentDaysAgo: number | null = status === "SENT" ? ageDays : null) {
  store.sqlite
    .prepare("INSERT INTO outbox_messages (channel, recipient, body, status, created_at, sent_at) VALUES ('SMS', '+86-13800138000', ?, ?, ?, ?)")
    .run(`您的兑换码：ABCD-EFGH ${status} ${ageDays}`, status, NOW - ageDays * DAY, sentDaysAgo === null ? null : NOW - sentDaysAgo * DAY);
}
function smsCode(expiredDaysAgo: number, usedDaysAgo: number | null) {
  store.sqlite
    .prepare("INSERT INTO sms_codes (mobile, code_hash, expires_at, used_at, client_ip, created_at) VALUES ('+86-13800138000', 'h', ?, ?, '10.0.0.1', ?)")
    .run(NOW - expiredDaysAgo * DAY, usedDaysAgo === null ? null : NOW - usedDaysAgo * DAY, NOW - expiredDaysAgo * DAY - 300_000);
}
function loginAttempt(ageDays: number) {
  store.sqlite
    .prepare("INSERT INTO login_attempts (mobile, client_ip, success, created_at) VALUES ('+86-13800138000', '10.0.0.1', 0, ?)")
    .run(NOW - ageDays * DAY);
}
const left = (sql: string) => store.sqlite.prepare(sql).all();

it("deletes sent and skipped messages past OUTBOX_RETENTION_DAYS, with the codes in their bodies; keeps recent, pending and failed ones", () => {
  message("SENT", 31);
  message("SKIPPED", 40);
  message("SENT", 29);
  message("SENT", 60, 1);
  message("PENDING", 45);
  message("FAILED", 45);
  expect(pruneOldRecords(deps, NOW)).toMatchObject({ outbox: 2, more: false });
  expect(left("SELECT status, body FROM outbox_messages ORDER BY id")).toEqual([
    { status: "SENT", body: "您的兑换码：ABCD-EFGH SENT 29" },
    // queued 60 days ago, sent yesterday: its retention counts from yesterday
    { status: "SENT", body: "您的兑换码：ABCD-EFGH SENT 60" },
    { status: "PENDING", body: "您的兑换码：ABCD-EFGH PENDING 45" },
    { status: "FAILED", body: "您的兑换码：ABCD-EFGH FAILED 45" },
  ]);
  expect(left("SELECT count(*) AS n FROM outbox_messages WHERE body LIKE '%SENT 31' OR body LIKE '%SKIPPED 40'")).toEqual([{ n: 0 }]);
});

it("deletes SMS codes expired past LOGIN_RECORD_RETENTION_DAYS, but keeps a used code while it marks its number's owner's address", () => {
  smsCode(8, null);
  smsCode(40, 40);
  smsCode(6, null);
  smsCode(10, 10);
  expect(pruneOldRecords(deps, NOW).smsCodes).toBe(2);
  expect(left("SELECT expires_at, used_at FROM sms_codes ORDER BY id")).toEqual([
    { expires_at: NOW - 6 * DAY, used_at: null },
    { expires_at: NOW - 10 * DAY, used_at: NOW - 10 * DAY },
  ]);
});

it("deletes login attempts past LOGIN_RECORD_RETENTION_DAYS and keeps recent ones", () => {
  loginAttempt(8);
  loginAttempt(6);
  loginAttempt(0);
  expect(pruneOldRecords(deps, NOW).loginAttempts).toBe(1);
  expect(left("SELECT created_at FROM login_attempts ORDER BY id")).toEqual([{ created_at: NOW - 6 * DAY }, { created_at: NOW }]);
});

it("works off a large backlog in short batches, saying when there is more for the next pass", () => {
  store.sqlite.transaction(() => {
    for (let i = 0; i < 5_200; i++) message("SENT", 60);
  })();
  message("SENT", 1);
  const first = pruneOldRecords(deps, NOW);
  expect(first).toMatchObject({ outbox: 5_000, more: true });
  expect(pruneOldRecords(deps, NOW)).toMatchObject({ outbox: 200, more: false });
  expect(left("SELECT count(*) AS n FROM outbox_messages")).toEqual([{ n: 1 }]);
});

it("runs with the trade jobs from their start, with the configured retention", () => {
  const config = loadConfig({ NODE_ENV: "test", DB_FILE: ":memory:", OUTBOX_RETENTION_DAYS: "10", LOG_LEVEL: "silent" });
  message("SENT", 11);
  message("SENT", 9);
  const jobs = startJobs({ config, store, logger: createLogger("silent"), now: () => NOW });
  jobs.stop();
  expect(left("SELECT body FROM outbox_messages")).toEqual([{ body: "您的兑换码：ABCD-EFGH SENT 9" }]);
});
