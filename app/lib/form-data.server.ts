// Reading a posted form without letting a malformed body become a 500: a JSON or text body, a
// broken multipart body, or a file where the storefront's forms only send text.

/** The text fields of a posted form, or null when the body is not a form of text fields. */
export async function readFormFields(request: Request): Promise<Record<string, string> | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") return null;
    fields[name] = value;
  }
  return fields;
}

/** What a shopper reads when the form arrived unreadable (a forged or truncated post). */
export const UNREADABLE_FORM = "请求无效，请刷新页面后重试";
