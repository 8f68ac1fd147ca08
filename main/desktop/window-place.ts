/** A rectangle on the screen, in pixels. */
export type Rect = {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
};

/** The window's remembered place (settings `window`). */
export type WindowPlace = Rect & { readonly maximized: boolean };

/** The window's size when nothing is remembered. */
export const DEFAULT_WINDOW_SIZE = { width: 1200, height: 800 } as const;

/** How much of the window must lie on a screen for the remembered place to be used. */
const MIN_VISIBLE = 100;

/**
 * Where the window opens: the remembered place when enough of it is on one of today's screens
 * (a monitor may have been unplugged since), sized to fit that screen; otherwise undefined, so
 * the window opens centred at the default size.
 */
export function restoredPlace(
  saved: WindowPlace | undefined,
  screens: readonly Rect[],
): WindowPlace | undefined {
  if (saved === undefined) return undefined;
  const screen = screens.find((area) => {
    const width = Math.min(saved.x + saved.width, area.x + area.width) - Math.max(saved.x, area.x);
    const height =
      Math.min(saved.y + saved.height, area.y + area.height) - Math.max(saved.y, area.y);
    return width >= MIN_VISIBLE && height >= MIN_VISIBLE;
  });
  if (screen === undefined) return undefined;
  return {
    ...saved,
    width: Math.min(saved.width, screen.width),
    height: Math.min(saved.height, screen.height),
  };
}
