/** The goods' tags (国区, 激活码 …), with the presale badge first when there is one. */
export function GoodsTags({ tags, presale = false, max }: { tags: string[]; presale?: boolean; max?: number }) {
  const shown = max === undefined ? tags : tags.slice(0, max);
  if (!presale && shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="商品标签">
      {presale ? (
        <li data-testid="presale-badge" className="rounded bg-presale px-1.5 text-xs leading-5 text-white">
          预售
        </li>
      ) : null}
      {shown.map((tag) => (
        <li key={tag} className="tag">
          {tag}
        </li>
      ))}
    </ul>
  );
}
