import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { PolicyDocument } from "~/components/layout/policy-document";
import { getShopIdentity } from "~/api/shop-identity.server";
import { protocolByName, PROTOCOLS } from "~/content/protocols";
import { invariantResponse } from "~/server-only/http.server";
import type { ShellHandle } from "~/lib/route-handle";
import { pageMeta, SITE_NAME } from "~/lib/seo";

export const handle: ShellHandle = { withHeader: false, withSidebar: false, group: "cn" };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? pageMeta({ title: `${data.doc.title} - ${SITE_NAME}`, description: data.doc.summary, type: "article" }) : [{ title: `页面不存在 - ${SITE_NAME}` }];

export async function loader({ params, context }: LoaderFunctionArgs) {
  const doc = protocolByName(params.name, await getShopIdentity(context.session.api));
  invariantResponse(doc, "协议页面不存在");
  return { doc, others: PROTOCOLS.map(({ name, title }) => ({ name, title })) };
}

export default function Protocol() {
  const { doc, others } = useLoaderData<typeof loader>();
  return <PolicyDocument doc={doc} others={others} />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: { title: "协议页面不存在", message: "您访问的协议或教程不存在，请从下方返回首页。" },
        500: { title: "协议页面加载失败", message: "请稍后再试。" },
      }}
    />
  );
}
