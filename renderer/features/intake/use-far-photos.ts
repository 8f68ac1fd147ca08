import { useEffect, useMemo, useState } from 'react';
import { distanceToProject, nearestProject } from '../../../shared/domain/project-distance';
import type { IntakeItemView, ProjectListingView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';

/** A photo taken far from the chosen project, and the project to suggest instead. */
export type FarFlag = {
  readonly meters: number;
  readonly nearest:
    { readonly id: string; readonly name: string; readonly meters: number } | undefined;
};

/** Where the projects are and the far threshold, as the service and the settings say. */
type Places = { readonly projects: readonly ProjectListingView[]; readonly farMeters: number };

/** No far photos: one map, so that a render without any keeps the same value. */
const NONE: ReadonlyMap<number, FarFlag> = new Map();

/**
 * The photos of `items` taken farther than the `farMeters` setting from project `projectId`,
 * by intake id. Empty while no project is chosen, or when the service cannot list projects now
 * (each photo is then uploaded as chosen: distance is advice, never a gate). `anyPosition` says
 * whether any photo has a position (kept as results arrive, so no render scans them for it).
 */
export function useFarPhotos(
  projectId: string | undefined,
  items: readonly IntakeItemView[],
  anyPosition: boolean,
): ReadonlyMap<number, FarFlag> {
  const bridge = useBridge();
  const [places, setPlaces] = useState<Places>();
  useEffect(() => {
    if (projectId === undefined || !anyPosition || places !== undefined) return;
    let current = true;
    Promise.all([
      call(bridge, 'projects:list-all', { query: '' }),
      call(bridge, 'settings:get', {}),
    ])
      .then(([listed, settings]) => {
        if (current) setPlaces({ projects: listed.projects, farMeters: settings.farMeters });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [bridge, projectId, anyPosition, places]);
  return useMemo(() => {
    const project = places?.projects.find((entry) => entry.id === projectId);
    if (places === undefined || project === undefined) return NONE;
    const far = new Map<number, FarFlag>();
    for (const item of items) {
      if (item.status !== 'photo') continue;
      const distance = distanceToProject(item.coordinates, project, places.farMeters);
      if (!distance.known || !distance.far) continue;
      const nearest = nearestProject(item.coordinates, places.projects, project.id);
      far.set(item.intakeId, {
        meters: distance.meters,
        nearest: nearest && {
          id: nearest.project.id,
          name: nearest.project.name,
          meters: nearest.meters,
        },
      });
    }
    return far;
  }, [places, projectId, items]);
}
