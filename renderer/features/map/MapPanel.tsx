import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map-panel.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { IntakeItemView, ProjectListingView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { drawView, type MapLayers } from './map-draw';
import { mapPoints, unplacedWords } from './map-points';
import { useDebounced } from './use-debounced';

/** OpenStreetMap's required attribution, shown on the map whatever the tiles. */
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>';

/** Shown once when a tile fails: the map still works with positions alone. */
export const TILES_FAILED = 'Map tiles could not be loaded; showing positions only.';

/** How long the map waits for intake to pause before indexing the batch again. */
const REINDEX_AFTER_MS = 300;

/** The tile address and the chosen project's place, as main gives them. */
function useMapSetup(projectId: string | undefined) {
  const bridge = useBridge();
  const [tileUrl, setTileUrl] = useState<string>();
  const [projects, setProjects] = useState<readonly ProjectListingView[]>([]);
  useEffect(() => {
    let current = true;
    call(bridge, 'settings:get', {})
      .then((settings) => current && setTileUrl(settings.mapTileUrl))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [bridge]);
  useEffect(() => {
    if (projectId === undefined) return;
    let current = true;
    // The project's pin and fence are advice: without the list the map shows the photos alone.
    call(bridge, 'projects:list-all', { query: '' })
      .then((listed) => current && setProjects(listed.projects))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [bridge, projectId]);
  return { tileUrl, project: projects.find((entry) => entry.id === projectId) };
}

/**
 * The batch on a map: each placed photo (clustered at low zoom, a cluster showing its count and
 * zooming in when clicked), far photos as outlined diamonds, selected ones ringed, the chosen
 * project's pin and geofence. Clicking a photo calls `onSelect`; photos without a position are
 * counted, not drawn. Without tiles (offline) the points still show on a plain background with
 * a scale.
 */
export function MapPanel({
  items,
  far,
  projectId,
  selectedIds,
  onSelect,
}: {
  readonly items: readonly IntakeItemView[];
  /** Far photos by intake id (see `useFarPhotos`). */
  readonly far: { has(intakeId: number): boolean };
  readonly projectId: string | undefined;
  readonly selectedIds: ReadonlySet<number>;
  /** A point was clicked (`extend` with Shift, Ctrl or Cmd held). */
  readonly onSelect: (intakeId: number, options: { readonly extend: boolean }) => void;
}) {
  const { tileUrl, project } = useMapSetup(projectId);
  const container = useRef<HTMLDivElement>(null);
  const layers = useRef<MapLayers>(undefined);
  const [tilesFailed, setTilesFailed] = useState(false);
  // Intake streams in batches: index the batch again only once it pauses.
  const batch = useMemo(() => ({ items, far }), [items, far]);
  const settled = useDebounced(batch, REINDEX_AFTER_MS);
  const points = useMemo(() => mapPoints(settled.items, settled.far), [settled]);
  const latest = useRef({ points, selectedIds, onSelect });
  latest.current = { points, selectedIds, onSelect };
  const fitted = useRef(false);

  // The map itself, once per tile address.
  useEffect(() => {
    const element = container.current;
    if (element === null || tileUrl === undefined) return;
    const map = L.map(element, { attributionControl: false, zoomSnap: 1 }).setView([20, 0], 2);
    L.control.attribution({ prefix: false }).addTo(map);
    L.control.scale({ imperial: false }).addTo(map);
    const tiles = L.tileLayer(tileUrl, { attribution: TILE_ATTRIBUTION, maxZoom: 19 });
    tiles.once('tileerror', () => setTilesFailed(true));
    tiles.addTo(map);
    const drawn: MapLayers = {
      map,
      points: L.layerGroup().addTo(map),
      project: L.layerGroup().addTo(map),
    };
    layers.current = drawn;
    const redraw = () => drawView(drawn, latest.current);
    map.on('moveend', redraw);
    redraw();
    return () => {
      layers.current = undefined;
      fitted.current = false;
      map.remove();
    };
  }, [tileUrl]);

  // The project's pin and outline.
  useEffect(() => {
    const drawn = layers.current;
    if (drawn === undefined) return;
    drawn.project.clearLayers();
    if (project === undefined) return;
    const fence = project.geofence ?? [];
    if (fence.length >= 3)
      L.polygon(
        fence.map((corner) => [corner.lat, corner.lon]),
        { className: 'map-geofence', interactive: false },
      ).addTo(drawn.project);
    if (project.coordinates !== null)
      L.marker([project.coordinates.lat, project.coordinates.lon], {
        icon: L.divIcon({
          className: 'map-project-pin',
          html: '<span class="map-shape"></span>',
          iconSize: [22, 22],
        }),
        title: `Project ${project.name}`,
        keyboard: false,
        interactive: false,
      }).addTo(drawn.project);
  }, [project, tileUrl]);

  // The photos: fitted into view the first time there are some, redrawn as they change.
  useEffect(() => {
    const drawn = layers.current;
    if (drawn === undefined) return;
    if (!fitted.current && points.bounds !== undefined) {
      fitted.current = true;
      const [west, south, east, north] = points.bounds;
      drawn.map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [24, 24], maxZoom: 16, animate: false },
      );
    }
    drawView(drawn, { points, selectedIds, onSelect });
  }, [points, selectedIds, onSelect, tileUrl]);

  return (
    <section className="map-panel" aria-label="Map of the photos">
      <p className="map-summary" role="status">
        {points.placed} {points.placed === 1 ? 'photo' : 'photos'} on the map
        {points.far > 0 ? `, ${points.far} far from the project (outlined diamonds)` : ''}
        {points.unplaced > 0 ? `; ${unplacedWords(points.unplaced)}` : ''}
      </p>
      <div ref={container} className="map-canvas" aria-label="Map" />
      {tilesFailed ? <p className="map-note muted">{TILES_FAILED}</p> : null}
    </section>
  );
}
