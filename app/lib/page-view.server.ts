// Page-view analytics (spec 01 §2 layout): ttsgame_all_show on entering any route and
// ttsgame_home_show on the home page, each with the channel name. Recorded from the server, so they
// count without JavaScript: entry.server for documents, /resources/page-view for client navigations.
import type { AppLoadContext } from "@remix-run/node";
import { tradeApi } from "~/api/client.server";
import { reportEvent } from "~/api/data-report.server";

/** Fire and forget: never delays or fails the page. */
export function recordPageView(request: Request, context: AppLoadContext, { path, home }: { path: string; home: boolean }) {
  // the page's own response may be gone by the time the service answers: its cookies stay untouched
  const quiet: AppLoadContext = { ...context, appendSetCookie: () => {} };
  tradeApi(request, quiet)
    .then((api) => {
      const info = { channel_name: api.urlParams.channelName, route_name: path.slice(0, 200) };
      reportEvent(api, "ttsgame_all_show", info);
      if (home) reportEvent(api, "ttsgame_home_show", info);
    })
    .catch(() => {});
}
