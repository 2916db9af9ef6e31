// Once per vitest run of the tests that load the built storefront (tests/routes) or start the production server
// (tests/security, tests/operations): a source edited since the last `npm run build` gets the build redone first, so
// no test runs an older storefront than the code (architecture review 11c, R3). The unit tests run the source.
import { ensureBuild } from "../../scripts/setup.mjs";

export default function setup() {
  ensureBuild();
}
