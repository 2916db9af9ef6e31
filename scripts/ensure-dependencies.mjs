// `npm install` when package.json, the lock file or a patch is newer than node_modules (scripts/setup.mjs): run before
// the checks a developer starts alone (lint, typecheck, format, vitest, Playwright), so a checkout pulled with a new
// dependency answers with the check's result, not with a module that cannot be found.
import { ensureDependencies } from "./setup.mjs";

ensureDependencies();
