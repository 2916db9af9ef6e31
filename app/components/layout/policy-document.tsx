import { Link } from "@remix-run/react";
import { tapTarget } from "~/components/ui/button";
import type { ProtocolBlock, ProtocolDocument } from "~/content/protocols";
import { Logo } from "./logo";
import { useShopHref } from "~/hooks/use-shop-href";

/** One agreement or tutorial page (spec/02 §2 protocol pages): its own small top bar, no header. */
export function PolicyDocument({ doc, others }: { doc: ProtocolDocument; others: { name: string; title: string }[] }) {
  const shopHref = useShopHref();
  return (
    <div className="pb-8">
      <div className="mb-8 flex items-center justify-between border-b border-surface-line pb-4">
        <Link to={shopHref("/")} aria-label="TTS游戏商城 首页" className={tapTarget}>
          <Logo />
        </Link>
        <Link to={shopHref("/")} className={`text-sm text-ink-muted hover:text-primary-400 ${tapTarget}`}>
          返回首页
        </Link>
      </div>
      <div className="grid gap-10 lg:grid-cols-[200px_minmax(0,1fr)]">
        <nav aria-label="协议与教程" className="max-lg:order-last">
          <h2 className="mb-3 text-xs font-medium tracking-wider text-ink-muted">协议与教程</h2>
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {others.map((item) => (
              <li key={item.name}>
                <Link
                  to={shopHref(`/protocols/${item.name}`)}
                  aria-current={item.name === doc.name ? "page" : undefined}
                  className={`block rounded-lg px-3 py-1.5 text-sm max-sm:py-3 ${
                    item.name === doc.name
                      ? "bg-primary-500/15 font-medium text-primary-300"
                      : "text-ink-muted ring-1 ring-surface-line hover:text-ink lg:ring-0"
                  }`}
                >
                  {item.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="min-w-0 max-w-3xl">
          <h1 className="text-2xl font-bold text-ink md:text-3xl">{doc.title}</h1>
          <p className="mt-2 text-sm text-ink-muted">
            更新日期：<time dateTime={doc.updated}>{doc.updated}</time>
          </p>
          <div className="mt-6 space-y-3 text-[15px] leading-7 text-ink-soft">
            {doc.intro.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
          {doc.sections.map((section) => (
            <section key={section.heading} className="mt-8" aria-labelledby={anchor(section.heading)}>
              <h2 id={anchor(section.heading)} className="mb-3 text-lg font-semibold text-ink">
                {section.heading}
              </h2>
              <div className="space-y-3 text-[15px] leading-7 text-ink-soft">
                {section.blocks.map((block, i) => (
                  <Block key={i} block={block} />
                ))}
              </div>
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}

function Block({ block }: { block: ProtocolBlock }) {
  if (typeof block === "string") return <p>{block}</p>;
  if ("note" in block) {
    return <p className="rounded-lg border-l-4 border-primary-500 bg-primary-500/10 px-4 py-2.5 text-ink">{block.note}</p>;
  }
  const items = block.list.map((item, i) => <li key={i}>{item}</li>);
  return block.ordered ? (
    <ol className="list-decimal space-y-1.5 pl-6 marker:text-primary-400">{items}</ol>
  ) : (
    <ul className="list-disc space-y-1.5 pl-6 marker:text-primary-400">{items}</ul>
  );
}

function anchor(heading: string): string {
  return `s-${Array.from(heading)
    .reduce((h, c) => (h * 31 + c.codePointAt(0)!) >>> 0, 7)
    .toString(36)}`;
}
