import * as L from 'leaflet';
import type { Translate } from '../../../shared/i18n/translator';
import type { MapFeature } from './map-index-messages';

/** The map and the layers the panel draws into. */
export type MapLayers = {
  readonly map: L.Map;
  readonly points: L.LayerGroup;
  readonly project: L.LayerGroup;
};

/** What a redraw needs besides the features: names, the selection and what a click does. */
export type DrawState = {
  /** File names by intake id (the worker knows only ids). */
  readonly names: ReadonlyMap<number, string>;
  readonly selectedIds: ReadonlySet<number>;
  readonly onSelect: (intakeId: number, options: { readonly extend: boolean }) => void;
  /** The window's words, for the markers' names. */
  readonly t: Translate;
  /** A count as the window's language writes it ("1,234"). */
  readonly formatCount: (count: number) => string;
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
 * Draws what is in view now: the clusters and single photos the map's worker gave for the map's
 * bounds and zoom, never the whole batch. A cluster shows its count (dashed when it holds far
 * photos) and zooms in when clicked; a photo is a circle, or an outlined diamond when far, and
 * carries a ring when selected.
 */
export function drawFeatures(
  layers: MapLayers,
  features: readonly MapFeature[],
  state: DrawState,
): void {
  const { map, points } = layers;
  points.clearLayers();
  for (const feature of features) {
    const { lat, lng } = feature;
    if (feature.kind === 'cluster') {
      const count = feature.count;
      const size = count < 100 ? 'small' : count < 1000 ? 'medium' : 'large';
      const label = state.t('map.cluster.label', { count, far: feature.far });
      const marker = L.marker([lat, lng], {
        icon: L.divIcon({
          className: `map-cluster map-cluster-${size}${feature.far > 0 ? ' has-far' : ''}`,
          html: `<span>${state.formatCount(count)}</span>`,
          iconSize: size === 'small' ? [34, 34] : size === 'medium' ? [42, 42] : [50, 50],
        }),
        title: label,
      });
      onActivate(marker, () => map.setView([lat, lng], feature.expansionZoom));
      named(marker, label).addTo(points);
      continue;
    }
    const name = state.names.get(feature.id);
    // A photo the window no longer lists (the batch changed since the view was asked for).
    if (name === undefined) continue;
    const selected = state.selectedIds.has(feature.id);
    const far = feature.far;
    const values = { name, far: far ? 'far' : 'near' };
    const label = state.t('map.photo.title', values);
    const marker = L.marker([lat, lng], {
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
    onActivate(marker, (event) => state.onSelect(feature.id, { extend: addsToSelection(event) }));
    named(marker, state.t('map.photo.select', values), selected).addTo(points);
  }
}
