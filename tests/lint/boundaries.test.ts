// ADR 001: app/ reaches the trade services only over HTTP. The lint rule that keeps it so
// (eslint.config.js, no-restricted-imports) must fail a storefront file that imports them.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function restrictedImports(code: string, filePath = "app/routes/x.tsx") {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports");
}

describe("app/ imports nothing beyond the HTTP contract", () => {
  it.each([
    'import { openStore } from "../../db/client";',
    'import { createApp } from "../../server/app";',
    'import { seedDatabase } from "../../seed/seed";',
    'import type { TradeDeps } from "../../server/trade/deps";',
    'import { schema } from "~/../db/schema";',
    'import { loadConfig } from "server/config";',
    'export { openStore } from "../../db/client";',
  ])("refuses %s", async (line) => {
    const messages = await restrictedImports(`${line}\nexport const x = 1;\n`);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toContain("only over HTTP");
  });

  it.each([
    'import { formatYuan } from "~/lib/money";',
    'import { renderToString } from "react-dom/server";',
    'import { sanitizeRichText } from "~/server-only/sanitize.server";',
  ])("allows %s", async (line) => {
    expect(await restrictedImports(`${line}\nexport const x = 1;\n`)).toEqual([]);
  });

  it("leaves server/ free to import db/", async () => {
    expect(await restrictedImports('import { openStore } from "../db/client";\nexport const x = 1;\n', "server/x.ts")).toEqual([]);
  });
});

describe("server/ does not import the seed", () => {
  it.each(['import { seedDatabase } from "../seed/seed";', 'import { generateImages } from "../../seed/images";', 'import { x } from "seed/data";'])(
    "refuses %s",
    async (line) => {
      const messages = await restrictedImports(`${line}\nexport const x = 1;\n`, "server/trade/x.ts");
      expect(messages).toHaveLength(1);
      expect(messages[0]?.message).toContain("never imports seed/");
    },
  );

  it("leaves the entry point free to hand the seed over", async () => {
    expect(await restrictedImports('import { seedDatabase } from "./seed/seed";\nexport const x = 1;\n', "boot.ts")).toEqual([]);
  });
});

describe("a test that mocks a module runs isolated", () => {
  const mocks = async (code: string, filePath: string) => {
    const [result] = await eslint.lintText(`import { vi } from "vitest";\n${code}\n`, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
  };

  it.each(['vi.mock("~/api/client.server");', 'vi.doMock("sanitize-html", () => ({}));'])("refuses %s in a test that shares its worker", async (line) => {
    expect(await mocks(line, "app/server-only/x.server.test.ts")).toEqual([expect.stringContaining("*.mocked.test.ts")]);
  });

  it("allows it in a *.mocked.test.ts file and in the routes' tests", async () => {
    expect(await mocks('vi.mock("~/api/client.server");', "app/server-only/x.server.mocked.test.ts")).toEqual([]);
    expect(await mocks('vi.mock("~/api/client.server");', "tests/routes/x.test.ts")).toEqual([]);
  });
});
