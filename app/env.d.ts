/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The CSP nonce of this response's scripts. */
    cspNonce: string;
    /** Adds a Set-Cookie header to the response being rendered (e.g. the issued saas-token). */
    appendSetCookie(cookie: string): void;
    /** The shopper's address as Express sees it. */
    clientIp: string;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
