// Login cookie sync (spec/01 §7 [5], spec/03 §4): the storefront asks once per configured host
// (the cn and hk domain groups) for the login cookie of that host.

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * The host name a Base-Domain header names: a bare host ("shop.example.com"), with a port or a
 * leading dot, or a URL ("https://shop.example.com/"). Null when it is none of those.
 */
export function normalizeDomain(value: string): string | null {
  let text = value.trim().toLowerCase();
  if (text.includes("://")) {
    try {
      const url = new URL(text);
      if (url.protocol !== "http:" && url.protocol !== "https:") return null;
      text = url.hostname;
    } catch {
      return null;
    }
  } else {
    text = text.replace(/^\./, "").replace(/:\d{1,5}$/, "");
  }
  return HOSTNAME.test(text) ? text : null;
}

/** The hosts of CN_BASE_URL and HK_BASE_URL; when neither is set, the host the request came to. */
export function cookieDomains(cnBaseUrl: string, hkBaseUrl: string, requestHost: string): string[] {
  const configured = [cnBaseUrl, hkBaseUrl].filter(Boolean).map((url) => normalizeDomain(url));
  if (configured.length) return [...new Set(configured.filter((host): host is string => host !== null))];
  const own = normalizeDomain(requestHost);
  return own ? [own] : [];
}
