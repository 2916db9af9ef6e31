// `npm run build` when the build is missing or a source is newer (scripts/setup.mjs): Playwright's server runs it
// first, so an end-to-end test never drives an older shop than the code.
import { ensureBuild } from "./setup.mjs";

ensureBuild();
