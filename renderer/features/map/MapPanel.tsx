import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map-panel.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { IntakeItemView, ProjectListingView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { drawFeatures, type MapLayers } from './map-draw';
import { connectMapIndex, type MapIndexPort, type MapViewport } from './map-index-client';
import { startMapWorker } from './map-worker-port';
import type { MapFeature } from './map-index-messages';
import { fitAllBounds, mapPoints, type MapBounds } from './map-points';
import { useDebounced } from '../../components/use-debounced';
import { useT } from '../../i18n/use-t';
import { tileAttribution } from './map-words';

/** How long the map waits for intake to pause before indexing the batch again. */
const REINDEX_AFTER_MS = 300;

/** The pane the project's pin and fence are drawn in: above the photos (Leaflet's markers are 600). */
const PROJECT_PANE = 'mapProject';

/** How far "Show all photos" and the first view zoom in at most. */
const FIT_MAX_ZOOM = 16;

/** Fits `map` to `bounds` ([west, south, east, north]) with a margin. */
function fitTo(map: L.Map, bounds: MapBounds): void {
  const [west, south, east, north] = bounds;
  map.fitBounds(
    [
      [south, west],
      [north, east],
    ],
    { padding: [24, 24], maxZoom: FIT_MAX_ZOOM, animate: false },
  );
}

/** What the map shows now, as the worker is asked for it. */
function viewportOf(map: L.Map): MapViewport {
  const bounds = map.getBounds();
  return {
    box: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
    zoom: Math.round(map.getZoom()),
  };
}

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
 * project's pin and geofence above them. Clicking a photo calls `onSelect`; photos without a
 * position are counted, not drawn; "Show all photos" fits every photo and the pin into view.
 * Without tiles (offline) the points still show on a plain background with a scale. The
 * clustering runs in a Web Worker (`startIndex`; tests without workers pass a stand-in).
 */
export function MapPanel({
  items,
  far,
  projectId,
  selectedIds,
  onSelect,
  startIndex = startMapWorker,
}: {
  readonly items: readonly IntakeItemView[];
  /** Far photos by intake id (see `useFarPhotos`). */
  readonly far: { has(intakeId: number): boolean };
  readonly projectId: string | undefined;
  readonly selectedIds: ReadonlySet<number>;
  /** A point was clicked (`extend` with Shift, Ctrl or Cmd held). */
  readonly onSelect: (intakeId: number, options: { readonly extend: boolean }) => void;
  /** Starts the cluster index: the map's worker unless a test gives another port. */
  readonly startIndex?: () => MapIndexPort;
}) {
  const { tileUrl, project } = useMapSetup(projectId);
  const container = useRef<HTMLDivElement>(null);
  const layers = useRef<MapLayers>(undefined);
  const index = useRef<ReturnType<typeof connectMapIndex>>(undefined);
  const drawnFeatures = useRef<readonly MapFeature[]>([]);
  const [tilesFailed, setTilesFailed] = useState(false);
  // The worker's failure is told in the window's words (its own message is for developers).
  const [indexFailed, setIndexFailed] = useState(false);
  const t = useT();
  const intl = useIntl();
  // Intake streams in batches: index the batch again only once it pauses.
  const batch = useMemo(() => ({ items, far }), [items, far]);
  const settled = useDebounced(batch, REINDEX_AFTER_MS);
  const points = useMemo(() => mapPoints(settled.items, settled.far), [settled]);
  const drawState = {
    names: points.names,
    selectedIds,
    onSelect,
    t,
    formatCount: (count: number) => intl.formatNumber(count),
  };
  const latest = useRef(drawState);
  latest.current = drawState;
  const fitted = useRef(false);
  const everything = fitAllBounds(points.bounds, project?.coordinates);
  const startIndexOnce = useRef(startIndex);

  // The map itself and its worker, once per tile address.
  useEffect(() => {
    const element = container.current;
    if (element === null || tileUrl === undefined) return;
    const { t: say } = latest.current;
    const map = L.map(element, {
      attributionControl: false,
      zoomControl: false,
      zoomSnap: 1,
    }).setView([20, 0], 2);
    // Leaflet's own zoom buttons, named in the window's language.
    L.control.zoom({ zoomInTitle: say('map.zoomIn'), zoomOutTitle: say('map.zoomOut') }).addTo(map);
    L.control.attribution({ prefix: false }).addTo(map);
    L.control.scale({ imperial: false }).addTo(map);
    const tiles = L.tileLayer(tileUrl, {
      attribution: tileAttribution(say('map.attribution')),
      maxZoom: 19,
    });
    tiles.once('tileerror', () => setTilesFailed(true));
    tiles.addTo(map);
    // The pin never hides under a cluster: its pane lies above the markers, and lets clicks
    // through to the photos beneath (the pin and fence are not interactive).
    const pane = map.createPane(PROJECT_PANE);
    pane.style.zIndex = '625';
    pane.style.pointerEvents = 'none';
    const drawn: MapLayers = {
      map,
      points: L.layerGroup().addTo(map),
      project: L.layerGroup().addTo(map),
    };
    layers.current = drawn;
    const connection = connectMapIndex(
      startIndexOnce.current(),
      (features) => {
        drawnFeatures.current = features;
        drawFeatures(drawn, features, latest.current);
      },
      () => setIndexFailed(true),
    );
    index.current = connection;
    map.on('moveend', () => connection.view(viewportOf(map)));
    connection.view(viewportOf(map));
    return () => {
      connection.close();
      index.current = undefined;
      layers.current = undefined;
      drawnFeatures.current = [];
      fitted.current = false;
      map.remove();
    };
    // A new language builds the map again: Leaflet's controls take their names once.
  }, [tileUrl, intl.locale]);

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
        { className: 'map-geofence', interactive: false, pane: PROJECT_PANE },
      ).addTo(drawn.project);
    if (project.coordinates !== null)
      L.marker([project.coordinates.lat, project.coordinates.lon], {
        icon: L.divIcon({
          className: 'map-project-pin',
          html: '<span class="map-shape"></span>',
          // A head on a thin needle whose point marks the place: above a cluster there, the
          // head stands clear of the cluster's count and only the needle crosses it.
          iconSize: [16, 34],
          iconAnchor: [8, 34],
        }),
        title: t('map.projectPin', { name: project.name }),
        keyboard: false,
        interactive: false,
        pane: PROJECT_PANE,
      }).addTo(drawn.project);
  }, [project, tileUrl, t]);

  // The photos: indexed in the worker as they change, fitted into view the first time.
  useEffect(() => {
    const drawn = layers.current;
    const connection = index.current;
    if (drawn === undefined || connection === undefined) return;
    connection.index(points.points);
    if (!fitted.current && points.bounds !== undefined) {
      fitted.current = true;
      fitTo(drawn.map, points.bounds);
    }
    // A map built again (new tiles or language) is given the photos again.
  }, [points, tileUrl, intl.locale]);

  // The selection changed: the view in hand is drawn again, without asking the worker.
  useEffect(() => {
    const drawn = layers.current;
    if (drawn !== undefined) drawFeatures(drawn, drawnFeatures.current, latest.current);
  }, [selectedIds, onSelect, t]);

  return (
    <section className="map-panel" aria-label={t('map.label')}>
      <div className="map-head">
        <p className="map-summary" role="status">
          {t('map.summary', { placed: points.placed, far: points.far, unplaced: points.unplaced })}
        </p>
        <button
          type="button"
          className="map-fit-all"
          disabled={everything === undefined}
          onClick={() => {
            const map = layers.current?.map;
            if (map !== undefined && everything !== undefined) fitTo(map, everything);
          }}
        >
          {t('map.showAll')}
        </button>
      </div>
      <div ref={container} className="map-canvas" aria-label={t('map.canvas')} />
      {tilesFailed ? <p className="map-note muted">{t('map.tilesFailed')}</p> : null}
      {indexFailed ? (
        <p className="map-note" role="alert">
          {t('map.indexFailed')}
        </p>
      ) : null}
    </section>
  );
}
