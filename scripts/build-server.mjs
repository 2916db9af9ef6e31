// The production server in one file: boot.ts and what it imports from server/, db/, seed/ and shared/, compiled by
// esbuild into build/boot.js, which `npm start` runs with plain node (decision 038). Packages stay imports of
// node_modules. Part of `npm run build`; the tests that start the server build it again when a source is newer.
import { buildSync } from "esbuild";
import { fileURLToPath } from "node:url";
import { SERVER_ENTRY, serverBuildIsStale } from "./setup.mjs";

export function buildServer() {
  buildSync({
    entryPoints: ["boot.ts"],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    packages: "external",
    // a stack trace names the source's file and line under node --enable-source-maps
    sourcemap: "linked",
    logLevel: "warning",
  });
}

/** Rebuilds the server's bundle when it is missing or a source is newer (a fraction of a second). */
export function ensureServerBundle() {
  if (serverBuildIsStale()) buildServer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildServer();
