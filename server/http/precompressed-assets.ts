// The browser's built files (/assets: content-hashed, cached for a year) served from the brotli and
// gzip copies the build writes beside them (vite.config.ts, decision 036): compressed once at their
// best levels instead of per request at the pages' cheap ones, which left the stylesheet and the
// scripts 15-20 % larger than they need be on a phone's slow link. A file without its copy, or a
// client that takes neither coding, gets the file as before (compressed by the middleware).
import { readdirSync } from "node:fs";
import { extname } from "node:path";
import express, { type RequestHandler } from "express";
import { preferredCoding } from "./content-coding";

/** The file name of a built file's copy in a coding (vite.config.ts writes them). */
export const CODING_SUFFIX = { br: ".br", gzip: ".gz" } as const;

export function precompressedAssets(dir: string): RequestHandler {
  const files = new Set(readdirSync(dir));
  const serve = express.static(dir, { immutable: true, maxAge: "1y" });
  return (req, res, next) => {
    const name = req.path.slice(1);
    if (!files.has(name + CODING_SUFFIX.br)) return serve(req, res, next);
    res.vary("Accept-Encoding");
    const coding = preferredCoding(req);
    if (coding && files.has(name + CODING_SUFFIX[coding])) {
      res.type(extname(name));
      res.setHeader("Content-Encoding", coding);
      req.url = `/${name}${CODING_SUFFIX[coding]}`;
    }
    serve(req, res, next);
  };
}
