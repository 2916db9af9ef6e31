// The production server and the admin script, each in one file: boot.ts and seed/admin.ts with what they import from
// server/, db/, seed/ and shared/, compiled by esbuild into build/boot.js (`npm start`, decision 038) and
// build/admin.js (`npm run admin`, decision 071), run with plain node. Packages stay imports of node_modules, except
// drizzle-orm (decision 071). Part of `npm run build`; the tests that start the server build it again when a source is
// newer.
import { buildSync } from "esbuild";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ADMIN_ENTRY, bundleIsStale, SERVER_BUNDLES, SERVER_ENTRY } from "./setup.mjs";

/** Each bundle's source; the output's name is the bundle's. */
const BUNDLES = { [SERVER_ENTRY]: "boot.ts", [ADMIN_ENTRY]: "seed/admin.ts" };

/**
 * Bundled instead of imported: Node 24 parses a package's package.json again for every ES module it loads from it,
 * and drizzle-orm's is 179 kB, read for each of its modules; that was 0.2 of a start-up's 0.9 CPU-s (decision 071).
 */
const BUNDLED_PACKAGES = ["drizzle-orm"];

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
  .filter((name) => !BUNDLED_PACKAGES.includes(name))
  .flatMap((name) => [name, `${name}/*`]);

/** Builds the named bundles (SERVER_ENTRY, ADMIN_ENTRY), both unless told. */
export function buildServer(entries = SERVER_BUNDLES) {
  for (const outfile of entries)
    buildSync({
      entryPoints: [BUNDLES[outfile]],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node22",
      external,
      // a stack trace names the source's file and line under node --enable-source-maps
      sourcemap: "linked",
      logLevel: "warning",
    });
}

/** Rebuilds the bundles when one is missing or a source is newer (a fraction of a second). */
export function ensureServerBundle() {
  const stale = SERVER_BUNDLES.filter(bundleIsStale);
  if (stale.length > 0) buildServer(stale);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildServer();
