// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Coordinates } from '../../shared/domain/intake';
import type { IntakeItemView, ProjectListingView } from '../../shared/ipc/views';
import { MapPanel } from '../../renderer/features/map/MapPanel';
import { mapPoints } from '../../renderer/features/map/map-points';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { useJsdomLayout } from './jsdom-layout';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { intakeItemView } from '../fakes/intake-item-view';

afterEach(cleanup);

// jsdom lays nothing out: Leaflet measures its container, so give every element a size.
useJsdomLayout({ width: 600, height: 400 });

function photo(intakeId: number, coordinates: Coordinates | null): IntakeItemView {
  return intakeItemView(intakeId, { coordinates });
}

const harbor: ProjectListingView = {
  id: 'harbor',
  name: 'Harbor View Tower',
  address: '',
  photoCount: undefined,
  coordinates: { lat: 37.7955, lon: -122.2786 },
  archived: false,
  geofence: [
    { lat: 37.7964, lon: -122.2799 },
    { lat: 37.7964, lon: -122.2774 },
    { lat: 37.7947, lon: -122.2774 },
    { lat: 37.7947, lon: -122.2799 },
  ],
};

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
    reason: 'not a photo',
  },
] satisfies IntakeItemView[];
const far = new Set([2]);

function renderPanel(selectedIds: ReadonlySet<number>, picks: [number, boolean][] = []) {
  const { bridge } = fakeBridge({
    'settings:get': settingsViewFixture({ mapTileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }),
    'projects:list-all': { projects: [harbor] },
  });
  return renderWithBridge(
    <MapPanel
      items={items}
      far={far}
      projectId="harbor"
      selectedIds={selectedIds}
      onSelect={(intakeId, { extend }) => picks.push([intakeId, extend])}
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

describe('the map index', () => {
  it('clusters 20,000 photos so a world view draws a handful of markers, not 20,000', () => {
    const many = Array.from({ length: 20_000 }, (_, i) =>
      photo(i, { lat: 37.7 + (i % 200) * 0.001, lon: -122.3 + Math.floor(i / 200) * 0.001 }),
    );
    const started = performance.now();
    const points = mapPoints(many, new Set([5, 6]));
    const indexed = performance.now() - started;
    expect(points.placed).toBe(20_000);
    expect(points.far).toBe(2);
    const world = points.index.getClusters([-180, -85, 180, 85], 3);
    expect(world.length).toBeLessThan(5);
    const [cluster] = world;
    expect(cluster?.properties).toMatchObject({ cluster: true, point_count: 20_000, far: 2 });
    // Generous for a shared 2-core machine; the index is built once per pause in intake.
    expect(indexed).toBeLessThan(2_000);
  });
});
