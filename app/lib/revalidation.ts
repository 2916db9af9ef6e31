import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * For a route whose loader's data belongs to the page as it was opened (a captcha challenge, a form's token): not
 * loaded again after a post. Without JavaScript every post is a document load anyway.
 */
export const notAfterPosts: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate;
