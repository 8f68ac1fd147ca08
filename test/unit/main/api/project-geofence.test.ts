import { describe, expect, it } from 'vitest';
import { parseList, projectSchema } from '../../../../main/api/api-schemas';

const corners = [
  { lat: 37.7964, lon: -122.2799 },
  { lat: 37.7964, lon: -122.2774 },
  { lat: 37.7947, lon: -122.2774 },
];

describe('project geofence parsing', () => {
  it('reads a geofence of {lat, lon} corners', () => {
    expect(projectSchema.parse({ id: 'p1', geofence: corners }).geofence).toEqual(corners);
  });

  it('reads a missing or null geofence as none', () => {
    expect(projectSchema.parse({ id: 'p1' }).geofence).toBeNull();
    expect(projectSchema.parse({ id: 'p1', geofence: null }).geofence).toBeNull();
  });

  it.each([
    ['a string', 'around the block'],
    ['two corners', corners.slice(0, 2)],
    ['a corner without lon', [...corners, { lat: 1 }]],
    ['a corner out of range', [...corners, { lat: 91, lon: 0 }]],
    ['an object', { lat: 1, lon: 2 }],
  ])('ignores a malformed geofence (%s) and keeps the project', (_label, value) => {
    const page = parseList(
      [
        { id: 'p1', name: 'Fenced', coordinates: { lat: 1, lon: 2 }, geofence: value },
        { id: 'p2' },
      ],
      projectSchema,
    );
    expect(page?.skipped).toEqual([]);
    expect(page?.items[0]).toMatchObject({
      id: 'p1',
      geofence: null,
      coordinates: { lat: 1, lon: 2 },
    });
  });
});
