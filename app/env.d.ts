/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />
import type { RequestBasics, RequestSession } from "~/server-only/session.server";

declare module "@remix-run/node" {
  // built once per request by app/server-only/session.server.ts's createAppLoadContext (server/serve.ts)
  interface AppLoadContext extends RequestBasics {
    /** This request's cookies, what its loaders and actions set, and its trade API client. */
    session: RequestSession;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
