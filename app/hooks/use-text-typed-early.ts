import { useEffect, useRef, type RefObject } from "react";

/**
 * Text typed into a server-rendered input before React took over stays on screen but not in a
 * controlled component's state, and the next render would put the state back. Once, on mount,
 * `take` receives the box's text when it differs from what the server rendered (its default value).
 */
export function useTextTypedEarly(input: RefObject<HTMLInputElement | null>, take: ((value: string) => void) | undefined) {
  const first = useRef(take);
  useEffect(() => {
    const box = input.current;
    if (box && first.current && box.value !== box.defaultValue) first.current(box.value);
  }, [input]);
}
