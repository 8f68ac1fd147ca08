import * as L from 'leaflet';
import { formatCount } from './map-words';
import type { MapPoints } from './map-points';

/** The map and the layers the panel draws into. */
export type MapLayers = {
  readonly map: L.Map;
  readonly points: L.LayerGroup;
  readonly project: L.LayerGroup;
};

/** What a redraw needs: the indexed batch, the selection and what a click on a photo does. */
export type DrawState = {
  readonly points: MapPoints;
  readonly selectedIds: ReadonlySet<number>;
  readonly onSelect: (intakeId: number, options: { readonly extend: boolean }) => void;
};

/** Whether a click or key asked to add to the selection rather than replace it. */
function addsToSelection(event: Event | undefined): boolean {
  if (!(event instanceof MouseEvent || event instanceof KeyboardEvent)) return false;
  return event.shiftKey || event.ctrlKey || event.metaKey;
}

/** Names a marker for screen readers (Leaflet gives it role="button" and a tab stop). */
function named(marker: L.Marker, label: string, pressed?: boolean): L.Marker {
  marker.on('add', () => {
    const element = marker.getElement();
    element?.setAttribute('aria-label', label);
    if (pressed !== undefined) element?.setAttribute('aria-pressed', String(pressed));
  });
  return marker;
}

/** Enter or Space on a focused marker does what a click does. */
function onActivate(marker: L.Marker, act: (event: Event | undefined) => void): L.Marker {
  marker.on('click', (event: L.LeafletMouseEvent) => act(event.originalEvent));
  marker.on('keydown', (event: L.LeafletKeyboardEvent) => {
    const key = event.originalEvent.key;
    if (key !== 'Enter' && key !== ' ') return;
    event.originalEvent.preventDefault();
    act(event.originalEvent);
  });
  return marker;
}

/**
 * Draws what is in view now: the clusters and single photos supercluster gives for the map's
 * bounds and zoom, never the whole batch. A cluster shows its count (dashed when it holds far
 * photos) and zooms in when clicked; a photo is a circle, or an outlined diamond when far, and
 * carries a ring when selected.
 */
export function drawView(layers: MapLayers, state: DrawState): void {
  const { map, points } = layers;
  points.clearLayers();
  if (state.points.placed === 0) return;
  const bounds = map.getBounds();
  const zoom = Math.round(map.getZoom());
  const features = state.points.index.getClusters(
    [
      Math.max(-180, bounds.getWest()),
      Math.max(-85, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(85, bounds.getNorth()),
    ],
    zoom,
  );
  for (const feature of features) {
    const [lon, lat] = feature.geometry.coordinates;
    if (lon === undefined || lat === undefined) continue;
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      const clusterId = props.cluster_id;
      const size =
        props.point_count < 100 ? 'small' : props.point_count < 1000 ? 'medium' : 'large';
      const label = `${formatCount(props.point_count)} photos here${props.far > 0 ? `, ${props.far} far` : ''}: zoom in`;
      const marker = L.marker([lat, lon], {
        icon: L.divIcon({
          className: `map-cluster map-cluster-${size}${props.far > 0 ? ' has-far' : ''}`,
          html: `<span>${formatCount(props.point_count)}</span>`,
          iconSize: size === 'small' ? [34, 34] : size === 'medium' ? [42, 42] : [50, 50],
        }),
        title: label,
      });
      onActivate(marker, () => {
        const target = Math.min(state.points.index.getClusterExpansionZoom(clusterId), 19);
        map.setView([lat, lon], target);
      });
      named(marker, label).addTo(points);
      continue;
    }
    if (!('intakeId' in props)) continue;
    const selected = state.selectedIds.has(props.intakeId);
    const far = props.far > 0;
    const label = `${props.name}${far ? ', far from the project' : ''}`;
    const marker = L.marker([lat, lon], {
      icon: L.divIcon({
        className: `map-photo${far ? ' far' : ''}${selected ? ' selected' : ''}`,
        // The shape is an inner element: turning the marker itself would turn its placement.
        html: '<span class="map-shape"></span>',
        iconSize: far ? [18, 18] : [16, 16],
      }),
      title: label,
      // Selected and far photos stay above their neighbours.
      zIndexOffset: selected ? 1000 : far ? 500 : 0,
    });
    onActivate(marker, (event) =>
      state.onSelect(props.intakeId, { extend: addsToSelection(event) }),
    );
    named(marker, `Select ${label}`, selected).addTo(points);
  }
}
