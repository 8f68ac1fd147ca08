// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Coordinates } from '../../shared/domain/intake';
import type { IntakeItemView, ProjectListingView } from '../../shared/ipc/views';
import { MapPanel } from '../../renderer/features/map/MapPanel';
import {
  answerMapIndexRequest,
  emptyClusterIndexState,
} from '../../renderer/features/map/map-cluster-index';
import type { MapIndexPort } from '../../renderer/features/map/map-index-client';
import type { MapIndexRequest } from '../../renderer/features/map/map-index-messages';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { useJsdomLayout } from './jsdom-layout';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { intakeItemView } from '../fakes/intake-item-view';
import { HARBOR_LISTING } from '../fakes/project-listings';

afterEach(cleanup);

// jsdom lays nothing out: Leaflet measures its container, so give every element a size.
useJsdomLayout({ width: 600, height: 400 });

function photo(intakeId: number, coordinates: Coordinates | null): IntakeItemView {
  return intakeItemView(intakeId, { coordinates });
}

const harbor = HARBOR_LISTING;

// Two photos far apart (so neither clusters with the other), one of them far; one unplaced.
const items = [
  photo(1, { lat: 37.7958, lon: -122.279 }),
  photo(2, { lat: 47.7066, lon: -122.3252 }),
  photo(3, null),
  {
    intakeId: 4,
    status: 'skipped',
    path: '/drop/notes.txt',
    root: '/drop',
    folders: [],
    reason: { key: 'reason.intake.notAPhotoUnknown' },
  },
] satisfies IntakeItemView[];
const far = new Set([2]);

/**
 * jsdom has no Worker: this port runs the worker's own code (`answerMapIndexRequest`) in-process,
 * answering after a tick on cloned data as a worker would, and keeps what the panel posted.
 */
function inProcessIndex(posted: MapIndexRequest[]): () => MapIndexPort {
  return () => {
    const state = emptyClusterIndexState();
    const port: MapIndexPort = {
      onmessage: null,
      postMessage(request) {
        posted.push(structuredClone(request));
        const answer = answerMapIndexRequest(state, structuredClone(request));
        setTimeout(() => port.onmessage?.({ data: structuredClone(answer) }), 0);
      },
      terminate() {},
    };
    return port;
  };
}

function renderPanel(
  selectedIds: ReadonlySet<number>,
  picks: [number, boolean][] = [],
  options: { readonly project?: ProjectListingView; readonly posted?: MapIndexRequest[] } = {},
) {
  const project = options.project ?? harbor;
  const { bridge } = fakeBridge({
    'settings:get': settingsViewFixture({ mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }),
    'projects:list-all': { projects: [project] },
  });
  return renderWithBridge(
    <MapPanel
      items={items}
      far={far}
      projectId={project.id}
      selectedIds={selectedIds}
      onSelect={(intakeId, { extend }) => picks.push([intakeId, extend])}
      startIndex={inProcessIndex(options.posted ?? [])}
    />,
    bridge,
  );
}

describe('the map panel', () => {
  it('counts the photos it draws, marks the far one, and counts those without a position', async () => {
    renderPanel(new Set());
    const panel = screen.getByRole('region', { name: 'Map of the photos' });
    within(panel).getByText(
      '2 photos on the map, 1 far from the project (outlined diamonds); 1 photo has no position',
    );
    const farPoint = await within(panel).findByRole('button', {
      name: 'Select IMG_2.jpg, far from the project',
    });
    expect(farPoint.className).toMatch(/\bfar\b/);
    const near = within(panel).getByRole('button', { name: 'Select IMG_1.jpg' });
    expect(near.className).not.toMatch(/\bfar\b/);
    expect(panel.querySelectorAll('.map-photo')).toHaveLength(2);
    // The project's pin and fence are drawn too.
    await waitFor(() => expect(panel.querySelector('.map-project-pin')).not.toBeNull());
    const credit = within(panel).getByRole('link', { name: 'OpenStreetMap contributors' });
    expect(credit.getAttribute('href')).toBe('https://www.openstreetmap.org/copyright');
    expect(panel.querySelector('.leaflet-control-scale')).not.toBeNull();
  });

  it('selects a photo when its point is clicked, and marks the selected ones', async () => {
    const picks: [number, boolean][] = [];
    renderPanel(new Set([1]), picks);
    const farPoint = await screen.findByRole('button', {
      name: 'Select IMG_2.jpg, far from the project',
    });
    fireEvent.click(farPoint);
    fireEvent.click(farPoint, { shiftKey: true });
    // By keyboard: the point is a button in the tab order; Enter or Space picks it.
    expect(farPoint.tabIndex).toBe(0);
    fireEvent.keyDown(farPoint, { key: 'Enter' });
    fireEvent.keyDown(farPoint, { key: ' ' });
    fireEvent.keyDown(farPoint, { key: 'a' });
    expect(picks).toEqual([
      [2, false],
      [2, true],
      [2, false],
      [2, false],
    ]);
    const selected = screen.getByRole('button', { name: 'Select IMG_1.jpg' });
    expect(selected.className).toMatch(/\bselected\b/);
    expect(selected.getAttribute('aria-pressed')).toBe('true');
    expect(farPoint.getAttribute('aria-pressed')).toBe('false');
  });
});

describe('the map panel, around its index and pin', () => {
  it('sends the worker plain data only: ids, positions and far flags, never paths or names', async () => {
    const posted: MapIndexRequest[] = [];
    renderPanel(new Set(), [], { posted });
    await screen.findByRole('button', { name: 'Select IMG_2.jpg, far from the project' });
    const indexed = posted.filter((request) => request.kind === 'index');
    expect(indexed.at(-1)).toMatchObject({
      points: [
        { id: 1, lat: 37.7958, lng: -122.279, far: false },
        { id: 2, lat: 47.7066, lng: -122.3252, far: true },
      ],
    });
    expect(JSON.stringify(posted)).not.toMatch(/IMG_|\/drop/);
  });

  it("draws the project's pin and fence in a pane above the photos, letting clicks through", async () => {
    renderPanel(new Set());
    const panel = screen.getByRole('region', { name: 'Map of the photos' });
    await within(panel).findByRole('button', { name: 'Select IMG_1.jpg' });
    await waitFor(() => expect(panel.querySelector('.map-project-pin')).not.toBeNull());
    const pinPane = panel.querySelector('.map-project-pin')?.closest<HTMLElement>('.leaflet-pane');
    const fencePane = panel.querySelector('.map-geofence')?.closest<HTMLElement>('.leaflet-pane');
    expect(fencePane).toBe(pinPane);
    // Leaflet's markers sit at z-index 600 (leaflet.css); the pin's pane is above them.
    expect(Number(pinPane?.style.zIndex)).toBeGreaterThan(600);
    expect(pinPane?.style.pointerEvents).toBe('none');
    const photoPane = panel.querySelector('.map-photo')?.closest('.leaflet-pane');
    expect(photoPane?.className).toContain('leaflet-marker-pane');
  });

  it('"Show all photos" fits every photo and the pin back into view after zooming in', async () => {
    const posted: MapIndexRequest[] = [];
    // The pin in Denver, away from both photos: fitting the photos alone would leave it out.
    const denver: ProjectListingView = {
      ...harbor,
      id: 'denver',
      name: 'Denver Yard',
      coordinates: { lat: 39.7392, lon: -104.9903 },
      geofence: [],
    };
    renderPanel(new Set(), [], { project: denver, posted });
    const panel = screen.getByRole('region', { name: 'Map of the photos' });
    await within(panel).findByRole('button', { name: 'Select IMG_2.jpg, far from the project' });
    const zoomIn = within(panel).getByRole('button', { name: 'Zoom in' });
    for (let step = 0; step < 4; step += 1) fireEvent.click(zoomIn);
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: /Select IMG_2/ })).toBeNull(),
    );
    const showAll = within(panel).getByRole('button', { name: 'Show all photos' });
    showAll.focus();
    expect(document.activeElement).toBe(showAll);
    fireEvent.click(showAll);
    await within(panel).findByRole('button', { name: 'Select IMG_2.jpg, far from the project' });
    within(panel).getByRole('button', { name: 'Select IMG_1.jpg' });
    const views = posted.filter((request) => request.kind === 'view');
    const [west, south, east, north] = views.at(-1)?.box ?? [0, 0, 0, 0];
    const holds = (lat: number, lon: number) =>
      west <= lon && lon <= east && south <= lat && lat <= north;
    expect(holds(39.7392, -104.9903)).toBe(true);
    expect(holds(37.7958, -122.279)).toBe(true);
    expect(holds(47.7066, -122.3252)).toBe(true);
  });

  it('"Show all photos" is disabled while there is nothing to show', () => {
    const { bridge } = fakeBridge({
      'settings:get': settingsViewFixture({ mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }),
      'projects:list-all': { projects: [] },
    });
    renderWithBridge(
      <MapPanel
        items={[photo(3, null)]}
        far={far}
        projectId={undefined}
        selectedIds={new Set()}
        onSelect={() => {}}
        startIndex={inProcessIndex([])}
      />,
      bridge,
    );
    const showAll = screen.getByRole('button', { name: 'Show all photos' });
    expect(showAll).toHaveProperty('disabled', true);
  });
});
