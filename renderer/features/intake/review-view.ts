import { type KeyboardEvent, type MouseEvent, useEffect, useState } from 'react';
import type { IntakeItemView, ServiceCopyView } from '../../../shared/ipc/views';
import type { FarFlag } from './use-far-photos';
import { type ReviewSelection, clickPhoto, selectionAfterKey } from './review-selection';

/** Signs the views show that are not words (the catalogs hold every word). */
export const SIGNS = { space: ' ', check: '✓', remove: '×', arrow: ' → ' } as const;

/** What both review views (grid and list) are given. */
export type ReviewViewProps = {
  readonly items: readonly IntakeItemView[];
  /** The intake ids of `items`, in order (what the selection ranges over). */
  readonly ids: readonly number[];
  readonly selection: ReviewSelection;
  readonly onSelection: (next: ReviewSelection) => void;
  /** Photos with a description of their own, by intake id. */
  readonly overrides: ReadonlyMap<number, string>;
  /** Each photo's own tags, by intake id: shown on it, each removable there. */
  readonly ownTags: ReadonlyMap<number, readonly string[]>;
  /** Photos already on the service, by intake id. */
  readonly serviceCopies: ReadonlyMap<number, ServiceCopyView>;
  /** Photos taken far from the chosen project, by intake id. */
  readonly far: ReadonlyMap<number, FarFlag>;
  readonly thumbnailUrl: (md5: string) => string;
  readonly onRemoveOwnTag: (intakeId: number, tag: string) => void;
  /** Leaves one photo out of the batch (its own button). */
  readonly onLeaveOut: (intakeId: number) => void;
};

/**
 * A photo asks for its thumbnail only once it has stayed in view this long: photos that fly past
 * in a fast scroll never make main (or the bridge host) render a thumbnail nobody sees.
 */
export const THUMBNAIL_DELAY_MS = 120;

/** False until `delay` ms after the component first rendered. */
export function useSettled(delay: number): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return settled;
}

/** The file name of a path, as the views show it. */
export function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** A click on a photo, with Ctrl/Cmd (toggle) and Shift (extend) as the selection reads them. */
export function selectionAfterClick(
  props: Pick<ReviewViewProps, 'ids' | 'selection'>,
  intakeId: number,
  event: MouseEvent,
): ReviewSelection {
  return clickPhoto(props.selection, props.ids, intakeId, {
    toggle: event.ctrlKey || event.metaKey,
    extend: event.shiftKey,
  });
}

/**
 * The views' key handler: keys the selection knows change it (and are handled); the others
 * (Tab, Enter, keys typed into a control inside) pass through.
 */
export function handleSelectionKey(
  props: Pick<ReviewViewProps, 'ids' | 'selection' | 'onSelection'>,
  event: KeyboardEvent<HTMLElement>,
  columns: number,
): boolean {
  if (
    event.target instanceof HTMLElement &&
    event.target.closest('button, input:not([type="checkbox"]), select, textarea')
  )
    return false;
  const next = selectionAfterKey(props.selection, props.ids, event, columns);
  if (next === undefined) return false;
  props.onSelection(next);
  return true;
}
