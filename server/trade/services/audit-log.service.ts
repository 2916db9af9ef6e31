// The audit log (issue 39, decision 053): every change made in the back office or to an operator
// account — who, what, on what, before → after, when. Written in the change's own transaction, so a
// change without its line (or a line without its change) cannot happen.
import { desc, lt } from "drizzle-orm";
import type { DbTx } from "../../../db/client";
import { auditLog } from "../../../db/schema";

export interface AuditEntry {
  operatorId: number | null;
  actor: string;
  action: string;
  subject?: string;
  before?: string | null;
  after?: string | null;
}

export function recordAudit(db: DbTx, entry: AuditEntry, now: number): void {
  db.insert(auditLog)
    .values({ ...entry, subject: entry.subject ?? "", createdAt: now })
    .run();
}

export type AuditLine = typeof auditLog.$inferSelect;

/** The newest lines first, `limit` a page; `beforeId` pages on to older ones. */
export function listAudit(db: DbTx, { limit = 50, beforeId }: { limit?: number; beforeId?: number } = {}): AuditLine[] {
  return db
    .select()
    .from(auditLog)
    .where(beforeId === undefined ? undefined : lt(auditLog.id, beforeId))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .all();
}
