// The fields of a posted form. A body that is not a form of text fields (JSON, plain text, a broken
// multipart body, a file where the shop's forms only send text) is the shopper's error, not the
// server's: it reads as null, and every action answers it as a 400 or its flash message, never a
// 500. (Multipart bodies are refused before Remix already, server/http/storefront-body.ts.)
export type FormFields = Record<string, string>;

/** What a shopper reads when the form arrived unreadable (a forged or truncated post). */
export const UNREADABLE_FORM = "请求无效，请刷新页面后重试";

/** The posted text fields, or null when the body cannot be read as a form of text fields. */
export async function readForm(request: Request): Promise<FormFields | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const fields: FormFields = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") return null;
    fields[name] = value;
  }
  return fields;
}
