import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { PolicyDocument } from "~/components/policy-document";
import { protocolByName, PROTOCOLS } from "~/content/protocols";
import type { ShellHandle } from "~/lib/route-handle";
import { pageMeta, SITE_NAME } from "~/lib/seo";

export const handle: ShellHandle = { withHeader: false, withSidebar: false, group: "cn" };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? pageMeta({ title: `${data.doc.title} - ${SITE_NAME}`, description: data.doc.summary, type: "article" }) : [{ title: `页面不存在 - ${SITE_NAME}` }];

export async function loader({ params }: LoaderFunctionArgs) {
  const doc = protocolByName(params.name);
  if (!doc) throw new Response("协议页面不存在", { status: 404 });
  return { doc, others: PROTOCOLS.map(({ name, title }) => ({ name, title })) };
}

export default function Protocol() {
  const { doc, others } = useLoaderData<typeof loader>();
  return <PolicyDocument doc={doc} others={others} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="flex flex-col items-center py-20 text-center">
      <img src="/images/not-found.svg" width={240} height={150} alt="" />
      <h1 className="mt-6 text-xl font-bold">{notFound ? "协议页面不存在" : "协议页面加载失败"}</h1>
      <p className="mt-3 text-ink-muted">{notFound ? "您访问的协议或教程不存在，请从下方返回首页。" : "请稍后再试。"}</p>
      <Link to="/" className="mt-6 rounded-full bg-primary-600 px-6 py-2 font-medium text-white hover:bg-primary-500">
        返回首页
      </Link>
    </div>
  );
}
