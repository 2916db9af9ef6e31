// The QA admin script (spec/03 §7): `npm run admin -- <command>`; the commands are in admin-commands.ts.
import { runAdmin } from "./admin-commands";

void Promise.resolve(runAdmin(process.argv.slice(2), process.env)).then((code) => {
  process.exitCode = code;
});
