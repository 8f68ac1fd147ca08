import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Coordinates } from '../../../../shared/domain/intake';
import {
  distanceToProject,
  formatDistance,
  greatCircleMeters,
  insidePolygon,
  nearestProject,
  type PlacedProject,
} from '../../../../shared/domain/project-distance';

// Harbor View Tower as the local service seeds it.
const tower: Coordinates = { lat: 37.7955, lon: -122.2786 };
const fence: Coordinates[] = [
  { lat: 37.7964, lon: -122.2799 },
  { lat: 37.7964, lon: -122.2774 },
  { lat: 37.7947, lon: -122.2774 },
  { lat: 37.7947, lon: -122.2799 },
];
const closedFence = [...fence, fence[0]!];

/** A position `dLat`/`dLon` fractions of the way across the fence's bounding box. */
function acrossFence(dLat: number, dLon: number): Coordinates {
  return { lat: 37.7947 + dLat * (37.7964 - 37.7947), lon: -122.2799 + dLon * 0.0025 };
}

describe('greatCircleMeters', () => {
  it('matches known distances', () => {
    // Oakland to Seattle, about 1,100 km.
    const seattle = { lat: 47.7066, lon: -122.3252 };
    expect(greatCircleMeters(tower, seattle) / 1000).toBeCloseTo(1102, -1);
    // One degree of latitude is about 111.2 km.
    expect(greatCircleMeters({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111_195, -1);
  });

  it('is symmetric, zero only for the same point and never negative', () => {
    const position = fc.record({
      lat: fc.double({ min: -89, max: 89, noNaN: true }),
      lon: fc.double({ min: -179, max: 179, noNaN: true }),
    });
    fc.assert(
      fc.property(position, position, (a, b) => {
        const there = greatCircleMeters(a, b);
        expect(there).toBeGreaterThanOrEqual(0);
        expect(Math.abs(there - greatCircleMeters(b, a))).toBeLessThan(1e-6);
        expect(greatCircleMeters(a, a)).toBe(0);
      }),
    );
  });
});

describe('distanceToProject', () => {
  const fenced = { coordinates: tower, geofence: fence };

  it('is 0 anywhere inside the geofence, given closed or open', () => {
    const inner = fc.double({ min: 0.01, max: 0.99, noNaN: true });
    fc.assert(
      fc.property(inner, inner, (dLat, dLon) => {
        const position = acrossFence(dLat, dLon);
        for (const outline of [fence, closedFence]) {
          expect(distanceToProject(position, { coordinates: tower, geofence: outline })).toEqual({
            known: true,
            meters: 0,
            measuredFrom: 'geofence',
            far: false,
          });
        }
      }),
    );
  });

  it('measures to the coordinates outside the geofence', () => {
    const outer = fc.double({ min: 1.5, max: 50, noNaN: true });
    fc.assert(
      fc.property(outer, fc.boolean(), (factor, north) => {
        const position = north ? acrossFence(factor, 0.5) : acrossFence(0.5, -factor);
        const distance = distanceToProject(position, fenced);
        expect(distance).toMatchObject({ known: true, measuredFrom: 'coordinates' });
        if (distance.known)
          expect(distance.meters).toBe(Math.round(greatCircleMeters(position, tower)));
      }),
    );
  });

  it('calls a photo near within the threshold and far beyond it', () => {
    const project = { coordinates: tower, geofence: null };
    const near = { lat: tower.lat + 0.005, lon: tower.lon }; // about 556 m north
    const far = { lat: tower.lat + 0.05, lon: tower.lon }; // about 5.6 km north
    expect(distanceToProject(near, project)).toMatchObject({ known: true, far: false });
    expect(distanceToProject(far, project)).toMatchObject({ known: true, far: true });
    expect(distanceToProject(near, project, 500)).toMatchObject({ far: true });
    const meters = fc.integer({ min: 0, max: 20_000 });
    fc.assert(
      fc.property(meters, (threshold) => {
        const result = distanceToProject(far, project, threshold);
        if (!result.known) throw new Error('known');
        expect(result.far).toBe(result.meters > threshold);
      }),
    );
  });

  it('knows nothing without a photo position', () => {
    expect(distanceToProject(null, fenced)).toEqual({ known: false, reason: 'no-position' });
  });

  it('knows nothing for a project with neither coordinates nor a geofence', () => {
    expect(distanceToProject(tower, { coordinates: null, geofence: null })).toEqual({
      known: false,
      reason: 'no-project-place',
    });
    // Fewer than three corners is no outline, counted without a closing point.
    for (const outline of [fence.slice(0, 2), [fence[0]!, fence[1]!, fence[0]!]])
      expect(distanceToProject(tower, { coordinates: null, geofence: outline })).toEqual({
        known: false,
        reason: 'no-project-place',
      });
  });

  it('measures to the outline for a fenced project without coordinates', () => {
    const inside = distanceToProject(acrossFence(0.5, 0.5), { coordinates: null, geofence: fence });
    expect(inside).toMatchObject({ known: true, meters: 0 });
    const away = distanceToProject(
      { lat: 37.8164, lon: -122.2799 },
      { coordinates: null, geofence: fence },
    );
    expect(away).toMatchObject({ known: true, measuredFrom: 'geofence', far: true });
    if (away.known) expect(away.meters).toBeCloseTo(2224, -1);
  });
});

describe('insidePolygon', () => {
  it('handles a concave outline', () => {
    // An L shape: the notch at the top right is outside.
    const shape = [
      { lat: 0, lon: 0 },
      { lat: 0, lon: 2 },
      { lat: 1, lon: 2 },
      { lat: 1, lon: 1 },
      { lat: 2, lon: 1 },
      { lat: 2, lon: 0 },
    ];
    expect(insidePolygon({ lat: 0.5, lon: 1.5 }, shape)).toBe(true);
    expect(insidePolygon({ lat: 1.5, lon: 0.5 }, shape)).toBe(true);
    expect(insidePolygon({ lat: 1.5, lon: 1.5 }, shape)).toBe(false);
    expect(insidePolygon({ lat: 1, lon: 1.5 }, shape)).toBe(true); // on the edge
  });
});

describe('nearestProject', () => {
  const project = (
    id: string,
    coordinates: Coordinates | null,
    archived = false,
  ): PlacedProject => ({
    id,
    name: `Project ${id}`,
    coordinates,
    geofence: null,
    archived,
  });
  const harbor = project('harbor', tower);
  const depot = project('depot', { lat: 37.7552, lon: -122.2011 }, true);
  const seattle = project('seattle', { lat: 47.7066, lon: -122.3252 });
  const school = project('school', { lat: 44.4759, lon: -73.2121 });
  const nowhere = project('nowhere', null);
  const all = [harbor, depot, seattle, school, nowhere];

  it('suggests the nearest project with coordinates, never an archived one', () => {
    const nearDepot = { lat: 37.7553, lon: -122.2012 };
    const suggestion = nearestProject(nearDepot, all, 'seattle');
    expect(suggestion?.project.id).toBe('harbor');
    expect(suggestion?.meters).toBe(Math.round(greatCircleMeters(nearDepot, tower)));
  });

  it('suggests nothing when the chosen project is already the nearest, or without a position', () => {
    expect(nearestProject({ lat: 37.8, lon: -122.3 }, all, 'harbor')).toBeUndefined();
    expect(nearestProject(null, all, 'seattle')).toBeUndefined();
    expect(nearestProject(tower, [depot, nowhere], 'seattle')).toBeUndefined();
  });

  it('always picks a project no farther than any other candidate', () => {
    const position = fc.record({
      lat: fc.double({ min: -80, max: 80, noNaN: true }),
      lon: fc.double({ min: -170, max: 170, noNaN: true }),
    });
    fc.assert(
      fc.property(position, (where) => {
        const suggestion = nearestProject(where, all);
        expect(suggestion).toBeDefined();
        expect(suggestion!.project.archived).toBe(false);
        for (const other of [harbor, seattle, school])
          expect(suggestion!.meters).toBeLessThanOrEqual(
            Math.round(greatCircleMeters(where, other.coordinates!)),
          );
      }),
    );
  });
});

describe('formatDistance', () => {
  it('says metres under a kilometre and kilometres above', () => {
    expect(formatDistance(850)).toBe('850 m');
    expect(formatDistance(12_400)).toBe('12.4 km');
    expect(formatDistance(1_102_000)).toBe('1102 km');
  });
});
