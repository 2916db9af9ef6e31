// Rich text from the services is rendered as HTML only after sanitizing: a fixed set of tags and
// attributes, same-site or https images, links opening safely.
// sanitize-html stays on 2.17.5, the last release that runs on Node 20 (2.17.6 on need Node 22.12).
// The fixes after it concern allowlists with textarea/xmp, svg/math or option, which this one
// never allows: sanitize.test.ts feeds it those payloads.
import sanitizeHtml from "sanitize-html";

export function sanitizeRichText(html: string): string {
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
