// Rich text from the services is rendered as HTML only after sanitizing: a fixed set of tags and
// attributes, same-site or https images, links opening safely. Each version of a text is sanitized
// once: the result is kept by the text itself (a changed goods brings a new text, and the old one
// ages out), in at most RICH_TEXT_CACHE_BYTES.
// sanitize-html stays on 2.17.5, the last release that runs on Node 20 (2.17.6 on need Node 22.12).
// The fixes after it concern allowlists with textarea/xmp, svg/math or option, which this one
// never allows: sanitize.mocked.test.ts feeds it those payloads.
import { LRUCache } from "lru-cache";
import sanitizeHtml from "sanitize-html";

/** What the sanitized texts may hold, the texts themselves counted (UTF-16: 2 bytes a character). */
export const RICH_TEXT_CACHE_BYTES = 4 * 1024 * 1024;

const sanitized = new LRUCache<string, string>({
  maxSize: RICH_TEXT_CACHE_BYTES,
  sizeCalculation: (clean, html) => 2 * (html.length + clean.length) || 1,
});

export function sanitizeRichText(html: string): string {
  let clean = sanitized.get(html);
  if (clean === undefined) sanitized.set(html, (clean = sanitize(html)));
  return clean;
}

function sanitize(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["h2", "h3", "h4", "p", "br", "strong", "em", "b", "i", "ul", "ol", "li", "a", "img", "blockquote", "span"],
    allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "width", "height", "loading", "decoding"] },
    allowedSchemes: ["https"],
    allowedSchemesByTag: { img: ["https"] },
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer" }),
      img: sanitizeHtml.simpleTransform("img", { loading: "lazy", decoding: "async" }),
    },
  });
}
