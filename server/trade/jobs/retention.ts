// The retention job (operator trial L4, decision 056): sent messages carry delivered codes and login codes in clear,
// and login records name numbers and addresses; none is kept past its retention period (nor, then, in later backups).
// Messages waiting to be sent or given up (FAILED: an operator looks at them) stay. Runs with the other jobs, once per
// cluster, in short batches so that the shop's writes are never held up long.
import { SMS_CODE } from "../domain/sms-code";
import type { TradeDeps } from "../deps";

/** Rows deleted per statement (one short write transaction each). */
const BATCH = 500;
/** Batches per table in one pass; the next pass follows at once while there are more. */
const BATCHES_PER_PASS = 10;

export interface RetentionPass {
  outbox: number;
  smsCodes: number;
  loginAttempts: number;
  /** A table still had old rows when the pass stopped. */
  more: boolean;
}

export function pruneOldRecords(deps: Pick<TradeDeps, "store" | "config">, now: number): RetentionPass {
  const { sqlite } = deps.store;
  const { outboxMs, loginRecordsMs } = deps.config.retention;
  const statements = {
    // counted from when it went out (a message queued long ago may have been sent late); created_at finds it by index
    outbox: sqlite.prepare(
      `DELETE FROM outbox_messages WHERE id IN (
         SELECT id FROM outbox_messages
         WHERE created_at < @before AND coalesce(sent_at, created_at) < @before AND status IN ('SENT', 'SKIPPED') LIMIT ${BATCH})`,
    ),
    // a used code also tells which address is its number's owner's (SMS_CODE.ownerAddressMs): kept as long
    smsCodes: sqlite.prepare(
      `DELETE FROM sms_codes WHERE id IN (
         SELECT id FROM sms_codes WHERE expires_at < @before AND (used_at IS NULL OR used_at < @ownerBefore) LIMIT ${BATCH})`,
    ),
    loginAttempts: sqlite.prepare(`DELETE FROM login_attempts WHERE id IN (SELECT id FROM login_attempts WHERE created_at < @before LIMIT ${BATCH})`),
  };
  const params = {
    outbox: { before: now - outboxMs },
    smsCodes: { before: now - loginRecordsMs, ownerBefore: now - SMS_CODE.ownerAddressMs },
    loginAttempts: { before: now - loginRecordsMs },
  };
  const pass: RetentionPass = { outbox: 0, smsCodes: 0, loginAttempts: 0, more: false };
  for (const table of ["outbox", "smsCodes", "loginAttempts"] as const) {
    for (let batch = 0; batch < BATCHES_PER_PASS; batch++) {
      const deleted = statements[table].run(params[table]).changes;
      pass[table] += deleted;
      if (deleted < BATCH) break;
      if (batch === BATCHES_PER_PASS - 1) pass.more = true;
    }
  }
  return pass;
}
