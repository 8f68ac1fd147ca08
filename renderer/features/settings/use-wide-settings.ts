import { useEffect, useMemo, useState } from 'react';

/**
 * The window width (CSS px, so 200 % zoom halves it) from which Settings lists its sections in a
 * column beside the open one; under it they sit in a row above it (settings.css styles each by
 * the tab list's data-orientation).
 */
export const WIDE_SETTINGS_PX = 1100;

const QUERY = `(min-width: ${WIDE_SETTINGS_PX}px)`;

/** Whether the window is at least {@link WIDE_SETTINGS_PX} wide, kept current as it resizes. */
export function useWideSettings(): boolean {
  // jsdom has no matchMedia: it counts as wide (the column, moved along with the up and down keys).
  const media = useMemo(
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined),
    [],
  );
  const [wide, setWide] = useState(media?.matches ?? true);
  useEffect(() => {
    if (media === undefined) return;
    const changed = () => setWide(media.matches);
    changed();
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, [media]);
  return wide;
}
