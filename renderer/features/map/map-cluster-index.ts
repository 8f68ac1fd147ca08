import Supercluster, { type PointFeature } from 'supercluster';
import type {
  MapFeature,
  MapIndexAnswer,
  MapIndexPoint,
  MapIndexRequest,
} from './map-index-messages';

/** What the index keeps of one photo (supercluster sums `far` over a cluster). */
type PointProps = { readonly id: number; readonly far: number };
type ClusterProps = { far: number };

/** The highest zoom a cluster can break apart at; Leaflet's tiles go to 19. */
const MAX_ZOOM = 19;

/**
 * A cluster index of the placed photos. Building it costs 75–350 ms at 20,000 photos, which is
 * why it runs in the map's worker; querying a view costs what is in it, never the whole batch.
 */
export function buildClusterIndex(
  points: readonly MapIndexPoint[],
): Supercluster<PointProps, ClusterProps> {
  const features: PointFeature<PointProps>[] = points.map((point) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
    properties: { id: point.id, far: point.far ? 1 : 0 },
  }));
  return new Supercluster<PointProps, ClusterProps>({
    radius: 56,
    maxZoom: 18,
    map: (props) => ({ far: props.far }),
    reduce: (total, props) => {
      total.far += props.far;
    },
  }).load(features);
}

/** The features supercluster gives for `box` ([west, south, east, north]) at `zoom`. */
export function featuresInView(
  index: Supercluster<PointProps, ClusterProps>,
  box: readonly [number, number, number, number],
  zoom: number,
): MapFeature[] {
  const [west, south, east, north] = box;
  const bbox: [number, number, number, number] = [
    Math.max(-180, west),
    Math.max(-85, south),
    Math.min(180, east),
    Math.min(85, north),
  ];
  const features: MapFeature[] = [];
  for (const feature of index.getClusters(bbox, zoom)) {
    const [lng, lat] = feature.geometry.coordinates;
    if (lng === undefined || lat === undefined) continue;
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      features.push({
        kind: 'cluster',
        clusterId: props.cluster_id,
        lat,
        lng,
        count: props.point_count,
        far: props.far,
        expansionZoom: Math.min(index.getClusterExpansionZoom(props.cluster_id), MAX_ZOOM),
      });
    } else if ('id' in props) {
      features.push({ kind: 'photo', id: props.id, lat, lng, far: props.far > 0 });
    }
  }
  return features;
}

/** The worker's state between messages: the latest index and the batch it was built from. */
export type ClusterIndexState = {
  index: Supercluster<PointProps, ClusterProps> | undefined;
  generation: number;
};

/** A fresh state: nothing indexed yet (a view of it is empty). */
export function emptyClusterIndexState(): ClusterIndexState {
  return { index: undefined, generation: 0 };
}

/**
 * The worker's one decision per request: index a batch (replacing the previous index) or answer
 * a view from the current one. Plain, so the window's tests run the very same code in-process.
 */
export function answerMapIndexRequest(
  state: ClusterIndexState,
  request: MapIndexRequest,
): MapIndexAnswer {
  if (request.kind === 'index') {
    state.index = buildClusterIndex(request.points);
    state.generation = request.generation;
    return { kind: 'indexed', generation: request.generation };
  }
  return {
    kind: 'view',
    viewId: request.viewId,
    generation: state.generation,
    features:
      state.index === undefined ? [] : featuresInView(state.index, request.box, request.zoom),
  };
}
