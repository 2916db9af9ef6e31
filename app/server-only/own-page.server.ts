// Whether a request that records something for the shopper (the search history) came from the
// shop's own page: a link or form on another site must not plant words in the shopper's search box
// (review L4).

/**
 * The browser says the click came from this origin (Sec-Fetch-Site, sent by every current
 * browser); a browser without it must send a Referer of this host. A typed or bookmarked address
 * (`none`), another site, or no evidence at all records nothing.
 */
export function clickedOnThisShop(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin";
  const referer = request.headers.get("referer");
  return referer !== null && URL.canParse(referer) && new URL(referer).host === new URL(request.url).host;
}
