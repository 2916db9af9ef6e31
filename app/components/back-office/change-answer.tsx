// What a back-office form answers (issue 39): a change done, or refused with its reason (nothing
// changed), as the codes page shows its import's outcome; and the look of its fields.
import type { ChangeOutcome } from "../../../shared/back-office";

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
