import { useEffect, useState } from 'react';

/**
 * The window width (CSS px, so 200 % zoom halves it) under which the navigation shows icons
 * only. app-shell.css uses the same number in its media queries.
 */
export const NARROW_WINDOW_PX = 900;

const QUERY = `(max-width: ${NARROW_WINDOW_PX - 0.02}px)`;

/** Whether the window is narrower than {@link NARROW_WINDOW_PX}, kept current as it resizes. */
export function useNarrowWindow(): boolean {
  // jsdom and very old engines have no matchMedia: they count as wide.
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;
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
