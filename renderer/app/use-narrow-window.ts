import { useEffect, useMemo, useState } from 'react';

/**
 * The window width (CSS px, so 200 % zoom halves it) under which the navigation shows icons
 * only. app-shell.css uses the same number in its media queries.
 */
export const NARROW_WINDOW_PX = 900;

/**
 * Whether the window is narrower than `px` CSS pixels, kept current as it resizes (the same test
 * as a stylesheet's `max-width: <px - 0.02>px`, so the code and the CSS agree at the edge).
 */
export function useWindowNarrowerThan(px: number): boolean {
  // jsdom and very old engines have no matchMedia: they count as wide.
  const media = useMemo(
    () =>
      typeof window.matchMedia === 'function'
        ? window.matchMedia(`(max-width: ${px - 0.02}px)`)
        : undefined,
    [px],
  );
  const [narrow, setNarrow] = useState(media?.matches ?? false);
  useEffect(() => {
    if (media === undefined) return;
    const changed = () => setNarrow(media.matches);
    changed();
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, [media]);
  return narrow;
}

/** Whether the window is narrower than {@link NARROW_WINDOW_PX}, kept current as it resizes. */
export function useNarrowWindow(): boolean {
  return useWindowNarrowerThan(NARROW_WINDOW_PX);
}
