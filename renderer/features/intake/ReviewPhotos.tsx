import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import { ReviewGrid } from './ReviewGrid';
import { ReviewList } from './ReviewList';
import type { ReviewViewProps } from './review-view';

/** The two ways to look at the review. */
export type ReviewLayout = 'grid' | 'list';

/** Where the window remembers the chosen view (this window's storage only). */
const LAYOUT_KEY = 'photo-uploader.review-layout';

/** The layout chosen last time in this window; the grid until one was chosen. */
function savedLayout(): ReviewLayout {
  try {
    return window.localStorage.getItem(LAYOUT_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** Remembers the chosen layout; a window without storage simply forgets it. */
function saveLayout(layout: ReviewLayout): void {
  try {
    window.localStorage.setItem(LAYOUT_KEY, layout);
  } catch {
    // Storage refused (private mode, quota): the choice lasts until the window closes.
  }
}

/**
 * The review of what intake found: a thumbnail grid (the default) or the detailed list, chosen
 * with a labelled toggle button group. Both views share one selection, so switching keeps it.
 */
export function ReviewPhotos(props: ReviewViewProps) {
  const t = useT();
  const [layout, setLayout] = useState<ReviewLayout>(savedLayout);
  const choose = (next: ReviewLayout) => {
    setLayout(next);
    saveLayout(next);
  };
  return (
    <>
      <div className="review-layout" role="group" aria-label={t('intake.review.layout')}>
        <button type="button" aria-pressed={layout === 'grid'} onClick={() => choose('grid')}>
          {t('intake.review.layout.grid')}
        </button>
        <button type="button" aria-pressed={layout === 'list'} onClick={() => choose('list')}>
          {t('intake.review.layout.list')}
        </button>
      </div>
      {layout === 'grid' ? <ReviewGrid {...props} /> : <ReviewList {...props} />}
    </>
  );
}
