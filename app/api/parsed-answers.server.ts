// Parsed public answers kept per validator (issue 40). The trade client's HTTP cache replays a public answer's
// bytes; without this, each page parsed and validated them again (the home layout's 33 kB on every page). Here
// the parsed, validated result is kept per GET path and ETag, and handed to every request while the cache replays
// or revalidates that same version: its body is then not read at all.
//
// What is kept: only an answer the shared HTTP cache itself answered (an `Age` header) that is marked `public`
// and has an ETag — what the cache already shares between shoppers. A member's answer (a bare `private`,
// `no-store`) is never replayed by the cache, so it never reaches this memo. Results are shared between requests, so they
// are frozen. Memory stays flat (docs/benchmarks.md, issue 24: an earlier memo keyed by text grew with every
// revalidation): one version per path, replaced when the ETag changes, and at most MAX_PATHS paths and
// MAX_BYTES of answers' text, least recently used first out.
import { LRUCache } from "lru-cache";
import type { z } from "zod";
import { deepFreeze } from "~/server-only/encoded-once.server";
import { cacheDirectives, keptFromSharedCaches } from "../../shared/cache-control";

const MAX_PATHS = 256;
const MAX_BYTES = 4 * 1024 * 1024;

/** The version of a public answer the HTTP cache served: its path and validator. */
export interface SharedVersion {
  path: string;
  etag: string;
}

interface Kept {
  etag: string;
  bytes: number;
  bySchema: Map<z.ZodType, unknown>;
}

const kept = new LRUCache<string, Kept>({
  max: MAX_PATHS,
  maxSize: MAX_BYTES,
  // a result is held once per schema that read it, each about the size of the answer's text
  sizeCalculation: ({ bytes, bySchema }) => Math.max(1, bytes * bySchema.size),
});

type Headers = Record<string, string | string[] | undefined>;

/** The version of a successful GET answer the shared cache served and may share, else undefined. */
export function sharedVersion(method: string, path: string, headers: Headers): SharedVersion | undefined {
  const { etag, age } = headers;
  const cacheControl = headers["cache-control"];
  if (method !== "GET" || age === undefined || typeof etag !== "string" || typeof cacheControl !== "string") return undefined;
  const directives = cacheDirectives(cacheControl);
  // `private="set-saas-token"` (our services' public reads) makes only that header field private, not the body
  if (!directives.has("public") || keptFromSharedCaches(directives)) return undefined;
  return { path, etag };
}

/** The kept result of this version read through `schema`, if any. */
export function keptResult<S extends z.ZodType>(version: SharedVersion, schema: S): { result: z.output<S> } | undefined {
  const entry = kept.get(version.path);
  if (entry?.etag !== version.etag || !entry.bySchema.has(schema)) return undefined;
  return { result: entry.bySchema.get(schema) as z.output<S> };
}

/** Keeps a validated result of this version, frozen; an older version of the same path is dropped. */
export function keepResult<T>(version: SharedVersion, schema: z.ZodType, bytes: number, result: T): T {
  const entry = kept.get(version.path);
  const same = entry?.etag === version.etag ? entry : undefined;
  const bySchema = (same?.bySchema ?? new Map<z.ZodType, unknown>()).set(schema, deepFreeze(result));
  kept.set(version.path, { etag: version.etag, bytes: Math.max(bytes, same?.bytes ?? 0), bySchema });
  return result;
}

/** How many paths and bytes the memo holds: for the memory tests. */
export const parsedAnswersHeld = () => ({ paths: kept.size, bytes: kept.calculatedSize });
