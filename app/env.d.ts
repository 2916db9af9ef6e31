/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />
import type { RequestBasics, RequestSession } from "~/server-only/session.server";
import type { BackOfficeServices } from "../shared/back-office";

declare module "@remix-run/node" {
  // built once per request by app/server-only/session.server.ts's createAppLoadContext (server/serve.ts)
  interface AppLoadContext extends RequestBasics {
    /** This request's cookies, what its loaders and actions set, and its trade API client. */
    session: RequestSession;
    /** The back office's services: only on its own listener (ADMIN_PORT, server/back-office.ts). */
    backOffice?: BackOfficeServices;
  }
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
