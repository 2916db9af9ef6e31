// The fields of a posted form. A body that is not a form (JSON, plain text, a broken multipart
// body, no content type) is the shopper's error, not the server's: it reads as no fields at all,
// so every action answers it as it answers a form with missing fields (400 or its flash message).
export type FormFields = Record<string, FormDataEntryValue>;

/** For an action that has no form error of its own to show. */
export const BAD_FORM_MESSAGE = "请求格式无效";

/** The posted fields, or null when the body cannot be read as a form. */
export async function readForm(request: Request): Promise<FormFields | null> {
  try {
    return Object.fromEntries(await request.formData());
  } catch {
    return null;
  }
}
