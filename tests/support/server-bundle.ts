// Once per vitest run: the tests that start the production server run its bundle (build/boot.js); a source edited
// since the last `npm run build` gets the bundle rebuilt first, so no test starts an older server than the code.
import { ensureServerBundle } from "../../scripts/build-server.mjs";

export default function setup() {
  ensureServerBundle();
}
