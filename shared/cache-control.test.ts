// Cache-Control read as RFC 9111 writes it (shared/cache-control.ts): by the storefront's memo of parsed answers and
// by the rule that keeps a visitor's cookie out of shared caches (server/http/private-answers.ts).
import { expect, it } from "vitest";
import { cacheDirectives, keptFromSharedCaches } from "./cache-control";

it("reads Cache-Control's directives as RFC 9111 writes them: names in any case, quoted arguments with commas", () => {
  expect([...cacheDirectives('public, max-age=5, stale-while-revalidate=25, private="set-saas-token"')]).toEqual([
    ["public", null],
    ["max-age", "5"],
    ["stale-while-revalidate", "25"],
    ["private", '"set-saas-token"'],
  ]);
  expect([...cacheDirectives('Private="a, b", PUBLIC')]).toEqual([
    ["private", '"a, b"'],
    ["public", null],
  ]);
  expect([...cacheDirectives("public; max-age=5")]).toEqual([]);
});

it("keeps the whole answer from shared caches only for a bare private or no-store, in any case", () => {
  for (const field of ["private", "PRIVATE, max-age=60", "public, no-store", 'public, private="x", no-store'])
    expect(keptFromSharedCaches(cacheDirectives(field)), field).toBe(true);
  for (const field of ['public, max-age=5, private="set-saas-token"', "public, max-age=60", "no-cache", ""])
    expect(keptFromSharedCaches(cacheDirectives(field)), field).toBe(false);
});
