// Remix options, passed to the Vite plugin by vite.config.ts: one home for the Remix configuration.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ignoredRouteFiles: ["**/*.test.*", "**/.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // the whole route map in the first page (1.6 kB gzip, cached): with lazy discovery a search sent before the
    // suggestions' route was found showed 页面不存在 (decision 035)
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
    unstable_optimizeDeps: true,
  },
};
