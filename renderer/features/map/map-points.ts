import type { IntakeItemView } from '../../../shared/ipc/views';
import type { MapIndexPoint } from './map-index-messages';

/** The corners around some places, [west, south, east, north] in degrees. */
export type MapBounds = readonly [number, number, number, number];

/** The batch as the map shows it: the placed photos for the worker's index, and what is left. */
export type MapPoints = {
  /** Each placed photo as plain data (id, position, far): what the worker receives. */
  readonly points: readonly MapIndexPoint[];
  /** Each placed photo's file name by intake id: kept in the window, never sent to the worker. */
  readonly names: ReadonlyMap<number, string>;
  /** Photos with a position, drawn (singly or in clusters). */
  readonly placed: number;
  /** Of those, how many are far from the chosen project. */
  readonly far: number;
  /** Photos without a position: counted, never drawn. */
  readonly unplaced: number;
  /** The corners around every placed photo; undefined when none. */
  readonly bounds: MapBounds | undefined;
};

/** The file name of a path, whichever separator it uses. */
export function photoName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/**
 * Collects the photos of `items` for the map: a single pass, cheap enough for the window's
 * thread at 20,000 photos (the clustering runs in the map's worker). Only photos (not skipped
 * or unreadable files) count; `far` holds the far ones' intake ids.
 */
export function mapPoints(
  items: readonly IntakeItemView[],
  far: { has(intakeId: number): boolean },
): MapPoints {
  const points: MapIndexPoint[] = [];
  const names = new Map<number, string>();
  let unplaced = 0;
  let farCount = 0;
  let bounds: MapBounds | undefined;
  for (const item of items) {
    if (item.status !== 'photo') continue;
    const position = item.coordinates;
    if (position === null) {
      unplaced += 1;
      continue;
    }
    const isFar = far.has(item.intakeId);
    if (isFar) farCount += 1;
    bounds = extendBounds(bounds, position.lat, position.lon);
    names.set(item.intakeId, photoName(item.path));
    points.push({ id: item.intakeId, lat: position.lat, lng: position.lon, far: isFar });
  }
  return { points, names, placed: points.length, far: farCount, unplaced, bounds };
}

/** `bounds` grown to hold the place at `lat`, `lon` (or just that place when there were none). */
export function extendBounds(bounds: MapBounds | undefined, lat: number, lon: number): MapBounds {
  if (bounds === undefined) return [lon, lat, lon, lat];
  const [west, south, east, north] = bounds;
  return [Math.min(west, lon), Math.min(south, lat), Math.max(east, lon), Math.max(north, lat)];
}

/**
 * What "Show all photos" fits the map to: every placed photo and the project's pin, or undefined
 * when there is nothing to show.
 */
export function fitAllBounds(
  photos: MapBounds | undefined,
  pin: { readonly lat: number; readonly lon: number } | null | undefined,
): MapBounds | undefined {
  return pin === null || pin === undefined ? photos : extendBounds(photos, pin.lat, pin.lon);
}
