import type { Coordinates } from './intake';

/** The default distance past which a photo is called far from its project (1 km). */
export const DEFAULT_FAR_METERS = 1000;

/** The far threshold a user may set, in metres (10 m to 1,000 km). */
export const FAR_METERS_RANGE = { min: 10, max: 1_000_000 } as const;

/** Mean Earth radius in metres, as the haversine formula uses it. */
const EARTH_RADIUS_METERS = 6_371_008.8;

/** Where a project is, as far as the service told: either, both or neither may be known. */
export type ProjectPlace = {
  readonly coordinates: Coordinates | null;
  /** The site's outline; fewer than three corners count as none. */
  readonly geofence: readonly Coordinates[] | null;
};

/** A project that can be suggested for a far photo. */
export type PlacedProject = ProjectPlace & {
  readonly id: string;
  readonly name: string;
  /** Archived projects are never suggested. */
  readonly archived: boolean;
};

/** How far a photo is from a project, and what that was measured against. */
export type ProjectDistance =
  | { readonly known: false; readonly reason: 'no-position' | 'no-project-place' }
  | {
      readonly known: true;
      /** Whole metres; 0 inside the geofence. */
      readonly meters: number;
      readonly measuredFrom: 'geofence' | 'coordinates';
      readonly far: boolean;
    };

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle distance in metres between two positions (haversine). */
export function greatCircleMeters(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  // min() keeps rounding from pushing asin past its domain for antipodal points.
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The polygon's corners without a closing point that repeats the first, so an outline given
 * closed or open is the same polygon.
 */
function openRing(polygon: readonly Coordinates[]): readonly Coordinates[] {
  const first = polygon[0];
  const last = polygon[polygon.length - 1];
  if (polygon.length > 1 && first && last && first.lat === last.lat && first.lon === last.lon)
    return polygon.slice(0, -1);
  return polygon;
}

/**
 * Whether a position lies inside (or on the edge of) a polygon of at least three corners, by ray
 * casting on latitude and longitude. Site outlines are small, so treating degrees as a plane is
 * exact enough; outlines crossing the 180th meridian are not supported.
 */
export function insidePolygon(point: Coordinates, polygon: readonly Coordinates[]): boolean {
  const ring = openRing(polygon);
  if (ring.length < 3) return false;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (onSegment(point, a, b)) return true;
    const crosses =
      a.lat > point.lat !== b.lat > point.lat &&
      point.lon < ((b.lon - a.lon) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lon;
    if (crosses) inside = !inside;
  }
  return inside;
}

/** Whether `p` lies on the segment from `a` to `b` (a photo on the fence counts as on the site). */
function onSegment(p: Coordinates, a: Coordinates, b: Coordinates): boolean {
  const cross = (b.lon - a.lon) * (p.lat - a.lat) - (b.lat - a.lat) * (p.lon - a.lon);
  if (Math.abs(cross) > 1e-12) return false;
  return (
    p.lat >= Math.min(a.lat, b.lat) &&
    p.lat <= Math.max(a.lat, b.lat) &&
    p.lon >= Math.min(a.lon, b.lon) &&
    p.lon <= Math.max(a.lon, b.lon)
  );
}

/**
 * A photo's distance to a project: 0 inside the project's geofence; outside it (or without one)
 * the great-circle distance to the project's coordinates. A photo outside a geofence of a project
 * without coordinates is measured to the outline's nearest corner, so it is still found far.
 */
export function distanceToProject(
  position: Coordinates | null,
  project: ProjectPlace,
  farMeters: number = DEFAULT_FAR_METERS,
): ProjectDistance {
  if (!position) return { known: false, reason: 'no-position' };
  const fence =
    project.geofence && openRing(project.geofence).length >= 3 ? project.geofence : null;
  if (fence && insidePolygon(position, fence))
    return { known: true, meters: 0, measuredFrom: 'geofence', far: false };
  let meters: number;
  let measuredFrom: 'geofence' | 'coordinates';
  if (project.coordinates) {
    meters = greatCircleMeters(position, project.coordinates);
    measuredFrom = 'coordinates';
  } else if (fence) {
    meters = Math.min(...fence.map((corner) => greatCircleMeters(position, corner)));
    measuredFrom = 'geofence';
  } else return { known: false, reason: 'no-project-place' };
  const rounded = Math.round(meters);
  return { known: true, meters: rounded, measuredFrom, far: rounded > farMeters };
}

/**
 * The project to suggest for a photo far from `currentProjectId`: the one whose coordinates are
 * nearest the photo, archived projects left out. Undefined without a position, when no project
 * has coordinates, or when the nearest is the current project itself (nothing better to offer).
 */
export function nearestProject<P extends PlacedProject>(
  position: Coordinates | null,
  projects: readonly P[],
  currentProjectId?: string,
): { readonly project: P; readonly meters: number } | undefined {
  if (!position) return undefined;
  let best: { project: P; meters: number } | undefined;
  for (const project of projects) {
    if (project.archived || !project.coordinates) continue;
    const meters = greatCircleMeters(position, project.coordinates);
    if (!best || meters < best.meters) best = { project, meters };
  }
  if (!best || best.project.id === currentProjectId) return undefined;
  return { project: best.project, meters: Math.round(best.meters) };
}

/** A distance in words: "850 m" or "12.4 km". */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters)} m`;
  const km = meters / 1000;
  return `${km < 100 ? km.toFixed(1) : Math.round(km).toString()} km`;
}
