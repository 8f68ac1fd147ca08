import { randomUUID } from 'node:crypto';
import type { ServiceClock } from '../clock';

/** `pending` → `processing` → `processed` | `duplicate` | `processing_error` (service facts). */
export type ProcessingStatus =
  'pending' | 'processing' | 'processed' | 'duplicate' | 'processing_error';

export type Coordinates = { readonly lat: number; readonly lon: number };

export type Address = {
  readonly street_address_1: string;
  readonly city: string;
  readonly state: string;
  readonly postal_code: string;
  readonly country: string;
};

export type Project = {
  readonly id: string;
  readonly name: string;
  readonly address: Address;
  readonly coordinates: Coordinates | null;
  /** An archived project (the real service may mark one so); still listed. */
  readonly archived: boolean;
  /** The site's outline as the vendor's document gives it: `{lat, lon}` points, or none. */
  readonly geofence: readonly Coordinates[] | null;
  readonly createdAt: number;
  updatedAt: number;
};

/** A photo as the service holds it. Image bytes are kept once processed, for the file routes. */
export type StoredPhoto = {
  readonly id: string;
  readonly projectId: string;
  readonly uri: string;
  readonly capturedAt: number;
  readonly coordinates: Coordinates | null;
  readonly internal: boolean;
  readonly tags: readonly string[];
  readonly createdAt: number;
  description: string;
  processingStatus: ProcessingStatus;
  hash: string | null;
  mediaType: string | null;
  bytes: Buffer | null;
  /** Why processing failed; shown in the admin state, not in the API. */
  errorReason: string | null;
  updatedAt: number;
};

export type NewPhoto = Pick<
  StoredPhoto,
  'projectId' | 'uri' | 'capturedAt' | 'coordinates' | 'internal' | 'tags' | 'description'
>;

export type NewProject = {
  readonly name: string;
  readonly address?: { readonly [K in keyof Address]?: string | undefined };
  readonly coordinates?: Coordinates | null;
  readonly archived?: boolean;
  readonly geofence?: readonly Coordinates[] | null;
};

/** What an admin may change on a project; a field left out stays as it is. */
export type ProjectChange = Pick<NewProject, 'coordinates' | 'archived' | 'geofence'>;

/** The projects a fresh service starts with (tests name their data from these). */
export const SEED_PROJECTS: readonly NewProject[] = [
  {
    name: 'Harbor View Tower',
    address: {
      street_address_1: '1200 Harbor Blvd',
      city: 'Oakland',
      state: 'CA',
      postal_code: '94607',
      country: 'US',
    },
    coordinates: { lat: 37.7955, lon: -122.2786 },
    // A block around the tower, about 220 m by 180 m, so a photo on the site reads as 0 m away.
    geofence: [
      { lat: 37.7964, lon: -122.2799 },
      { lat: 37.7964, lon: -122.2774 },
      { lat: 37.7947, lon: -122.2774 },
      { lat: 37.7947, lon: -122.2799 },
    ],
  },
  {
    name: 'Maple Street School Renovation',
    address: {
      street_address_1: '48 Maple Street',
      city: 'Burlington',
      state: 'VT',
      postal_code: '05401',
      country: 'US',
    },
    coordinates: { lat: 44.4759, lon: -73.2121 },
  },
  {
    name: 'Riverside Bridge Repair',
    address: {
      street_address_1: 'County Road 9',
      city: 'Kansas City',
      state: 'MO',
      postal_code: '64120',
      country: 'US',
    },
    coordinates: { lat: 39.1286, lon: -94.5129 },
  },
  {
    name: 'Northgate Medical Center',
    address: {
      street_address_1: '300 Northgate Way',
      city: 'Seattle',
      state: 'WA',
      postal_code: '98125',
      country: 'US',
    },
    coordinates: { lat: 47.7066, lon: -122.3252 },
  },
  {
    name: 'Eastbay Depot (closed)',
    address: {
      street_address_1: '77 Depot Road',
      city: 'Oakland',
      state: 'CA',
      postal_code: '94621',
      country: 'US',
    },
    // Close to Harbor View Tower on purpose: an archived project is never the suggested one.
    coordinates: { lat: 37.7552, lon: -122.2011 },
    archived: true,
  },
];

/** Projects and photos of the one demo company, in memory. */
export class PhotoStore {
  readonly #projects = new Map<string, Project>();
  readonly #photos = new Map<string, StoredPhoto>();

  constructor(private readonly clock: ServiceClock) {
    this.reset();
  }

  /** Drops every photo and project and seeds the demo projects again. */
  reset(): void {
    this.#photos.clear();
    this.#projects.clear();
    for (const project of SEED_PROJECTS) this.addProject(project);
  }

  addProject(input: NewProject): Project {
    const now = this.clock.nowSeconds();
    const project: Project = {
      id: randomUUID(),
      name: input.name,
      address: {
        street_address_1: input.address?.street_address_1 ?? '',
        city: input.address?.city ?? '',
        state: input.address?.state ?? '',
        postal_code: input.address?.postal_code ?? '',
        country: input.address?.country ?? '',
      },
      coordinates: input.coordinates ?? null,
      archived: input.archived ?? false,
      geofence: input.geofence ?? null,
      createdAt: now,
      updatedAt: now,
    };
    this.#projects.set(project.id, project);
    return project;
  }

  /** Changes a project's coordinates, geofence or archived flag; undefined for an unknown id. */
  changeProject(id: string, change: ProjectChange): Project | undefined {
    const project = this.#projects.get(id);
    if (!project) return undefined;
    const changed: Project = {
      ...project,
      ...(change.coordinates !== undefined ? { coordinates: change.coordinates } : {}),
      ...(change.archived !== undefined ? { archived: change.archived } : {}),
      ...(change.geofence !== undefined ? { geofence: change.geofence } : {}),
      updatedAt: this.clock.nowSeconds(),
    };
    this.#projects.set(id, changed);
    return changed;
  }

  project(id: string): Project | undefined {
    return this.#projects.get(id);
  }

  projects(): readonly Project[] {
    return [...this.#projects.values()];
  }

  addPhoto(input: NewPhoto): StoredPhoto {
    const now = this.clock.nowSeconds();
    const photo: StoredPhoto = {
      ...input,
      id: randomUUID(),
      createdAt: now,
      updatedAt: now,
      processingStatus: 'pending',
      hash: null,
      mediaType: null,
      bytes: null,
      errorReason: null,
    };
    this.#photos.set(photo.id, photo);
    return photo;
  }

  photo(id: string): StoredPhoto | undefined {
    return this.#photos.get(id);
  }

  /** Every photo, in creation order. */
  photos(): readonly StoredPhoto[] {
    return [...this.#photos.values()];
  }

  /** A project's photos, newest capture first (ties: newest created first). */
  photosOfProject(projectId: string): readonly StoredPhoto[] {
    return this.photos()
      .filter((photo) => photo.projectId === projectId)
      .reverse()
      .sort((a, b) => b.capturedAt - a.capturedAt);
  }

  /** Marks the photo as touched now. */
  touch(photo: StoredPhoto): void {
    photo.updatedAt = this.clock.nowSeconds();
  }
}
