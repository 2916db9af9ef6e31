/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The CSP nonce of this response's scripts. */
    cspNonce: string;
    /** Adds a Set-Cookie header to the response being rendered (e.g. the issued saas-token). */
    appendSetCookie(cookie: string): void;
    /** Marks the response being rendered `no-store`: what it shows must not be repeated by a cache (a page rendered without the services). */
    keepOutOfCaches(): void;
    /** The shopper's address as Express sees it. */
    clientIp: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
