/** The 404 page's content: the root's error boundary and the catch-all route show it. */
export function NotFound() {
  return (
    <>
      <img src="/images/not-found.svg" width={320} height={200} alt="" className="mx-auto" />
      <h1 className="mt-6 text-2xl font-bold">页面不存在</h1>
      <p className="mt-3 text-ink-muted">您访问的页面不存在或已下架，去首页看看其他好物吧。</p>
      <a href="/" className="mt-6 inline-block rounded-full bg-primary-600 px-6 py-2 font-medium text-white hover:bg-primary-500">
        返回首页
      </a>
    </>
  );
}
