// `npm run admin -- <command>`: the admin script (seed/admin.ts, spec/03 §7) from its bundle, rebuilt first when a
// source is newer than it (decision 071). esbuild is loaded only then: a deployed build runs without it.
import { ADMIN_ENTRY, bundleIsStale } from "./setup.mjs";

if (bundleIsStale(ADMIN_ENTRY)) (await import("./build-server.mjs")).buildServer([ADMIN_ENTRY]);
await import(new URL(`../${ADMIN_ENTRY}`, import.meta.url).href);
