// What a back-office form answers (issue 39): a change done, or refused with its reason (nothing
// changed), as the codes page shows its import's outcome; and the look of its fields.
import { CSRF_FIELD, type ChangeOutcome } from "../../../shared/back-office";

/**
 * A form's answer; refused, it carries the form's text fields as typed: a page drawn again without JavaScript shows
 * them, not the stored values (with JavaScript the form was never redrawn). Files and the CSRF token are not carried.
 */
export type FormAnswer = ChangeOutcome & { typed?: Record<string, string> };

export function withTyped(outcome: ChangeOutcome, form: FormData): FormAnswer {
  if (outcome.ok) return outcome;
  const typed: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== CSRF_FIELD) typed[name] = value.slice(0, 10_000);
  return { ...outcome, typed };
}

export const fieldClass = "w-full rounded-lg bg-surface-sunken px-4 py-2 ring-1 ring-surface-line focus:ring-primary-500";

export function ChangeAnswer({ answer }: { answer: ChangeOutcome | undefined }) {
  if (!answer) return null;
  return answer.ok ? (
    <p role="status" className="rounded-lg border border-success-500/50 bg-success-500/10 px-3 py-2 text-sm text-success-200">
      {answer.message}
    </p>
  ) : (
    <p role="alert" className="rounded-lg border border-danger-500/50 bg-danger-500/10 px-3 py-2 text-sm text-danger-200">
      {answer.message}
    </p>
  );
}

/** The bytes of a form's file field, or null when none was chosen. */
export async function uploadedBytes(form: FormData, field: string): Promise<Uint8Array | null> {
  const file = form.get(field);
  return file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
}
