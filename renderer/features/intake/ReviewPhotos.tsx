import { LayoutGrid, List, Map as MapIcon } from 'lucide-react';
import { useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
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

/** The review's layout (remembered in this window) and whether the map shows above it. */
export function useReviewLayout() {
  const [layout, setLayout] = useState<ReviewLayout>(savedLayout);
  const [showMap, setShowMap] = useState(false);
  return {
    layout,
    choose: (next: ReviewLayout) => {
      setLayout(next);
      saveLayout(next);
    },
    showMap,
    setShowMap,
  };
}

/** The state `useReviewLayout` returns. */
export type ReviewLayoutState = ReturnType<typeof useReviewLayout>;

/**
 * How the photos are shown: the map (shown above the photos or not: a toggle button) and the
 * photos as a grid or a list (one of two: a radio group of toggle buttons, arrows move in it).
 */
export function ViewSwitch({ state }: { readonly state: ReviewLayoutState }) {
  const t = useT();
  return (
    <div className="view-switch">
      <ToggleButton className="view-toggle" isSelected={state.showMap} onChange={state.setShowMap}>
        <MapIcon aria-hidden="true" className="view-icon" />
        {t('intake.map.toggle')}
      </ToggleButton>
      <ToggleButtonGroup
        className="view-group"
        aria-label={t('intake.review.layout')}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[state.layout]}
        onSelectionChange={(keys) => {
          const [next] = [...keys];
          if (next === 'grid' || next === 'list') state.choose(next);
        }}
      >
        <ToggleButton id="grid" className="view-toggle">
          <LayoutGrid aria-hidden="true" className="view-icon" />
          {t('intake.review.layout.grid')}
        </ToggleButton>
        <ToggleButton id="list" className="view-toggle">
          <List aria-hidden="true" className="view-icon" />
          {t('intake.review.layout.list')}
        </ToggleButton>
      </ToggleButtonGroup>
    </div>
  );
}

/**
 * The review of what intake found: a thumbnail grid (the default) or the detailed list. Both
 * views share one selection, so switching keeps it.
 */
export function ReviewPhotos({
  layout,
  ...props
}: ReviewViewProps & { readonly layout: ReviewLayout }) {
  return layout === 'grid' ? <ReviewGrid {...props} /> : <ReviewList {...props} />;
}
