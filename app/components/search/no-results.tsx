// What a search that finds nothing offers instead of a dead end (issue 26): the spec's 暂无搜索结果
// with a line saying the words matched nothing, the platforms to browse, and what sells.
import { Link } from "@remix-run/react";
import type { GoodsInfo } from "~/api/layout.server";
import { GoodsCard } from "~/components/goods/goods-card";
import { chipClass } from "~/components/ui/chip";
import { PLATFORM_SHELVES } from "~/lib/platforms";

interface NoResultsProps {
  keyword: string;
  hot: { info: GoodsInfo; href: string | null }[];
}

export function NoResults({ keyword, hot }: NoResultsProps) {
  return (
    <section aria-labelledby="no-results" className="py-6">
      <h2 id="no-results" className="text-lg font-medium text-ink">
        暂无搜索结果
      </h2>
      <p className="mt-1 text-sm text-ink-muted">没有商品与“{keyword}”匹配，换个关键词，或从下面的平台和热销商品逛起。</p>
      <nav aria-label="按平台逛逛" className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {PLATFORM_SHELVES.map((shelf) => (
            <li key={shelf.platform}>
              <Link to={shelf.href} className={chipClass(false)}>
                {shelf.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {hot.length ? (
        <>
          <h2 className="mb-3 mt-8 text-lg font-medium text-ink">大家都在买</h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 md:gap-5 lg:grid-cols-5" aria-label="热销商品">
            {hot.map(({ info, href }) => (
              <li key={info.goods_no}>
                <GoodsCard goods={info} href={href} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
