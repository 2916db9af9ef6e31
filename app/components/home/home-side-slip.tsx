// The home page's SIDE_SLIP block (spec/01 §2 "Home page"): a row that scrolls natively, with arrows
// once JavaScript runs.
import { useCallback, useEffect, useRef, useState } from "react";
import { ItemCard, SectionTitle, type BlockProps } from "./home-block-parts";

const SLIP_VISIBLE = 4;

/** Four cards in view, gap 16; the arrows work only when there are more than four. */
export function SideSlip({ block }: BlockProps) {
  const track = useRef<HTMLUListElement>(null);
  const more = block.content.length > SLIP_VISIBLE;
  const [edges, setEdges] = useState({ start: true, end: !more });
  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure]);
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    el.scrollBy({ left: direction * (el.clientWidth + 16), behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  };
  const arrow =
    "flex h-8 w-8 items-center justify-center rounded-full max-sm:h-11 max-sm:w-11 bg-surface-container text-ink ring-1 ring-surface-line transition enabled:hover:bg-primary-600 enabled:hover:text-white disabled:cursor-not-allowed disabled:opacity-35";
  return (
    <section aria-label={block.name} data-style="side-slip">
      <SectionTitle block={block}>
        <button type="button" className={arrow} aria-label="上一组" disabled={!more || edges.start} onClick={() => scroll(-1)}>
          <Chevron direction="left" />
        </button>
        <button type="button" className={arrow} aria-label="下一组" disabled={!more || edges.end} onClick={() => scroll(1)}>
          <Chevron direction="right" />
        </button>
      </SectionTitle>
      <ul
        ref={track}
        onScroll={measure}
        className="grid snap-x snap-mandatory auto-cols-[calc((100%-48px)/4)] grid-flow-col gap-4 overflow-x-auto overscroll-x-contain pb-1 [scrollbar-width:none] max-md:auto-cols-[46%] [&::-webkit-scrollbar]:hidden"
      >
        {block.content.map((item) => (
          <li key={item.id} className="snap-start">
            <ItemCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
      <path d={direction === "left" ? "m15 6-6 6 6 6" : "m9 6 6 6-6 6"} />
    </svg>
  );
}
