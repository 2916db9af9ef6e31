// What the access log records of a request address (decision 012, review finding 17).

/** Query parameters that are bearer secrets (the cashier's `sig`, tokens): never logged. */
const SECRET_PARAM = /^(sig|sign|signature|token|.*_token|credential|login_credential|code|sms_code|password)$/i;

/** A request address for the access log, with the values of secret query parameters replaced. */
export function withoutSecrets(url: string | undefined): string | undefined {
  const query = url?.indexOf("?") ?? -1;
  if (!url || query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let found = false;
  for (const name of new Set(params.keys())) {
    if (!SECRET_PARAM.test(name)) continue;
    params.set(name, "[redacted]");
    found = true;
  }
  return found ? `${url.slice(0, query)}?${params.toString()}` : url;
}
