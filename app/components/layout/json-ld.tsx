import { useNonce } from "./nonce";
import { jsonLdText } from "~/lib/seo";

/** Structured data for crawlers; carries the CSP nonce like every script of the page. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
