import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import { configDefaults } from "vitest/config";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// First-load JavaScript (issue 8). Two chunks carry what every page loads: React, React DOM and
// Remix ("framework"), and the root with the shell (header, search box, footer, sidebar) and the
// small helpers most pages share ("shell"): one gzip stream compresses the repeated Tailwind class
// names far better than a dozen files of a few hundred bytes. A listed module takes its static
// imports along, so what most pages never show (login modal, captcha, coupon pop-up, member menu,
// search suggestions, popup advert) is reached only through import() (app/lib/deferred.ts) and
// loads when shown.
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream)\//;
const SHELL = new Set(
  [
    "app/root.tsx",
    "app/components/layout/site-header.tsx",
    "app/components/layout/site-footer.tsx",
    "app/components/search/search-box.tsx",
    "app/components/layout/sidebar.tsx",
    "app/components/layout/overlay-dialogs.tsx",
    "app/components/layout/toast.tsx",
    "app/components/layout/page-view-reporter.tsx",
    "app/components/layout/logo.tsx",
    "app/components/shop-image.tsx",
    "app/components/goods/price.tsx",
    "app/components/goods/goods-card.tsx",
    "app/components/layout/nonce.tsx",
    "app/hooks/use-hydrated.ts",
    "app/lib/deferred.ts",
    "app/login/login-href.ts",
    "app/lib/seo.ts",
    "app/lib/links.ts",
    "app/lib/highlight.ts",
    "app/lib/search-history.ts",
    "app/lib/route-handle.ts",
    "shared/money.ts",
  ].map((path) => {
    // a moved module would silently leave the shell (architecture review 11c, R7): say so at build time
    const file = fileURLToPath(new URL(`./${path}`, import.meta.url));
    if (!existsSync(file)) throw new Error(`vite.config.ts: the shell names ${path}, which does not exist (moved?)`);
    return file;
  }),
);

/**
 * Brotli (quality 11) and gzip (level 9) copies of the browser's scripts and stylesheets, written
 * beside them once per build and served as they are (server/http/precompressed-assets.ts, decision
 * 036): the stylesheet 13.3 -> 10.7 kB and the framework chunk 86.6 -> 71.9 kB against the
 * brotli quality 2 a page gets per request.
 */
function precompressAssets(isSsrBuild: boolean | undefined): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  const compress = async (file: string) => {
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzipAsync(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  };
  return {
    name: "precompress-assets",
    apply: "build",
    async writeBundle({ dir = "" }, bundle) {
      if (isSsrBuild) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => /\.(js|css)$/.test(name))
          .map((name) => compress(join(dir, name))),
      );
    },
    // Remix writes the route map every page loads (assets/manifest-<hash>.js, decision 035) during the server build
    async closeBundle() {
      if (!isSsrBuild) return;
      const assets = join(remixConfig.buildDirectory ?? "build", "client", "assets");
      const maps = (await readdir(assets)).filter((name) => /^manifest-\w+\.js$/.test(name));
      await Promise.all(maps.map((name) => compress(join(assets, name))));
    },
  };
}

/**
 * Unit tests that replace modules (vi.mock; eslint.config.js names them so) or set the storefront's
 * environment before importing it (its settings are read once per worker): each runs in a worker
 * of its own.
 */
const ISOLATED = ["**/*.mocked.test.{ts,tsx}", "app/api/client.test.ts"];

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The Remix plugin must not run under vitest.
  plugins: process.env.VITEST ? [] : [tailwindcss(), remix(remixConfig), precompressAssets(isSsrBuild)],
  build: {
    assetsInlineLimit: 0,
    // terser packs the browser's JavaScript ~4 % smaller than esbuild (home page first load 100.8 ->
    // 97.3 kB gzipped, docs/benchmarks.md); the server build stays readable
    minify: isSsrBuild ? false : "terser",
    // browsers from 2022 on: class fields and the like stay as written (smaller than their lowering)
    target: ["es2022", "chrome100", "edge100", "firefox100", "safari15.4"],
    cssTarget: ["es2020", "edge88", "firefox78", "chrome87", "safari14"],
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            manualChunks(id: string) {
              if (FRAMEWORK.test(id)) return "framework";
              if (SHELL.has(id)) return "shell";
            },
          },
        },
  },
  test: {
    environment: "node",
    pool: "forks",
    // test files share a worker's modules: a new process per file cost ~25 of vitest's ~170 CPU-seconds
    // (docs/benchmarks.md, issue 23, session 32). vitest 3 isolates per pool, not per project
    poolOptions: { forks: { isolate: false } },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // every project: the server's bundle no older than its sources (the tests that start the server run it)
    globalSetup: ["tests/support/server-bundle.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{app,server,db,seed,shared,tests/api,tests/lint}/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...ISOLATED],
        },
      },
      // a file that mocks modules (*.mocked.test.*, eslint.config.js) and the routes' tests, each of which imports the
      // built storefront with an environment of its own (its hosts, its trade API): a worker thread each (the threads
      // pool stays isolated)
      {
        extends: true,
        test: {
          name: "isolated",
          include: ["tests/routes/**/*.test.{ts,tsx}", ...ISOLATED],
          pool: "threads",
          globalSetup: ["tests/support/storefront-build.ts"],
        },
      },
      // the production server's tests need the build (npm run build) and share what tests/security/global-setup.ts starts
      {
        extends: true,
        test: {
          name: "server",
          include: ["tests/{operations,security}/**/*.test.ts"],
          globalSetup: ["tests/support/storefront-build.ts", "tests/security/global-setup.ts"],
        },
      },
    ],
  },
}));
