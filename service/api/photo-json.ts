import type { Project, StoredPhoto } from '../store/photo-store';

/** The one demo company and user every photo belongs to. */
export const DEMO_COMPANY_ID = '7f2b6c1e-0d4a-4c55-9a57-2a8e4e5f6d01';
export const DEMO_USER = { id: '3c9e1f20-5b7d-4e8a-b1c2-d3e4f5a6b7c8', name: 'Demo User' };

export type PhotoJson = ReturnType<typeof photoJson>;

/**
 * A Photo as the v2 API shows it (service facts: ids are strings, times epoch seconds). Its
 * renditions live on `filesOrigin` (another origin with `--cdn`, as on a CDN).
 */
export function photoJson(photo: StoredPhoto, origin: string, filesOrigin: string = origin) {
  const ready = photo.processingStatus === 'processed' || photo.processingStatus === 'duplicate';
  const uris = ready
    ? (['original', 'web', 'thumbnail'] as const).map((type) => {
        const url = `${filesOrigin}/files/${photo.id}/${type}`;
        return { type, uri: url, url };
      })
    : [];
  return {
    id: photo.id,
    company_id: DEMO_COMPANY_ID,
    creator_id: DEMO_USER.id,
    creator_type: 'User',
    creator_name: DEMO_USER.name,
    project_id: photo.projectId,
    processing_status: photo.processingStatus,
    status: 'active',
    coordinates: photo.coordinates,
    uris,
    hash: photo.hash,
    description: photo.description,
    internal: photo.internal,
    tags: photo.tags,
    photo_url: `${origin}/?project=${photo.projectId}#photo-${photo.id}`,
    captured_at: photo.capturedAt,
    created_at: photo.createdAt,
    updated_at: photo.updatedAt,
  };
}

/** A Project as the v2 API shows it. */
export function projectJson(project: Project, photoCount: number, origin: string) {
  return {
    id: project.id,
    name: project.name,
    address: project.address,
    coordinates: project.coordinates,
    archived: project.archived,
    ...(project.geofence ? { geofence: project.geofence } : {}),
    photo_count: photoCount,
    created_at: project.createdAt,
    updated_at: project.updatedAt,
    project_url: `${origin}/?project=${project.id}`,
  };
}
