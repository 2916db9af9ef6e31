// `npm run docs:api`: runs the examples of tests/api/api-docs.ts against a fresh server and writes
// docs/api.md.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateApiDocs } from "./api-docs";

const target = fileURLToPath(new URL("../../docs/api.md", import.meta.url));
const { markdown, documented } = await generateApiDocs();
writeFileSync(target, markdown);
console.log(`docs/api.md: ${documented.length} endpoints documented`);
