import Supercluster, { type PointFeature } from 'supercluster';
import type { IntakeItemView } from '../../../shared/ipc/views';

/** What the map keeps of one photo: where it is, what to call it, and whether it is far. */
export type MapPointProps = {
  readonly intakeId: number;
  readonly name: string;
  /** 1 when the photo is far from the chosen project, else 0 (summed over clusters). */
  readonly far: number;
};

/** What a cluster adds up: how many of its photos are far. */
export type MapClusterProps = { far: number };

/** The batch as the map draws it: a cluster index of the placed photos, and what is left. */
export type MapPoints = {
  readonly index: Supercluster<MapPointProps, MapClusterProps>;
  /** Photos with a position, drawn (singly or in clusters). */
  readonly placed: number;
  /** Of those, how many are far from the chosen project. */
  readonly far: number;
  /** Photos without a position: counted, never drawn. */
  readonly unplaced: number;
  /** The corners around every placed photo ([west, south, east, north]); undefined when none. */
  readonly bounds: readonly [number, number, number, number] | undefined;
};

/** The file name of a path, whichever separator it uses. */
export function photoName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/**
 * Indexes the photos of `items` for the map. Clusters are made by supercluster, so drawing a
 * view costs what is in it, never the whole batch: 20,000 photos load in a few tens of ms.
 * Only photos (not skipped or unreadable files) count; `far` holds the far ones' intake ids.
 */
export function mapPoints(
  items: readonly IntakeItemView[],
  far: { has(intakeId: number): boolean },
): MapPoints {
  const features: PointFeature<MapPointProps>[] = [];
  let unplaced = 0;
  let farCount = 0;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const item of items) {
    if (item.status !== 'photo') continue;
    const position = item.coordinates;
    if (position === null) {
      unplaced += 1;
      continue;
    }
    const isFar = far.has(item.intakeId);
    if (isFar) farCount += 1;
    west = Math.min(west, position.lon);
    east = Math.max(east, position.lon);
    south = Math.min(south, position.lat);
    north = Math.max(north, position.lat);
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [position.lon, position.lat] },
      properties: { intakeId: item.intakeId, name: photoName(item.path), far: isFar ? 1 : 0 },
    });
  }
  const index = new Supercluster<MapPointProps, MapClusterProps>({
    radius: 56,
    maxZoom: 18,
    map: (props) => ({ far: props.far }),
    reduce: (total, props) => {
      total.far += props.far;
    },
  }).load(features);
  return {
    index,
    placed: features.length,
    far: farCount,
    unplaced,
    bounds: features.length > 0 ? [west, south, east, north] : undefined,
  };
}

/** "12 photos have no position" (one: "1 photo has no position"). */
export function unplacedWords(count: number): string {
  return count === 1 ? '1 photo has no position' : `${count} photos have no position`;
}
