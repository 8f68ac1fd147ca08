import { sanitizeDescription } from '../../shared/description/description-policy';
import { words } from '../../shared/i18n/words';
import type { Uploader } from '../../shared/domain/photo-match';
import type {
  AfterUploadView,
  PhotoView,
  ProjectView,
  QueueItemView,
  SessionView,
} from '../../shared/ipc/views';
import type { ServicePhoto, ServiceProject } from '../api/api-schemas';
import type { SessionSnapshot } from '../auth/auth-session';
import { zoneAt } from '../media/capture-time';
import type { QueueItem } from '../queue/queue-store';

// Main's own types turned into what crosses the bridge: plain data, no tokens, no internals.

/** The session as the UI shows it. */
export function sessionView(
  snapshot: SessionSnapshot | undefined,
  service: { readonly authUrl?: string | undefined; readonly clientId?: string | undefined },
): SessionView {
  return {
    state: snapshot?.state ?? 'signed-out',
    service: service.authUrl,
    clientId: service.clientId,
    access: snapshot?.scope,
    expiresAt: snapshot?.expiresAt,
    remembered: snapshot?.remembered ?? false,
    kept: snapshot?.kept ?? 'memory',
    message:
      snapshot?.message ??
      (service.authUrl === undefined ? words('error.signIn.notSetUp') : undefined),
  };
}

/**
 * A queue row as the queue screen shows it. Its `photo_url` goes to the window only when
 * `linkAllowed` says main would open it (by default never): the window links only such pages.
 */
export function queueItemView(
  item: QueueItem,
  linkAllowed: (url: string) => boolean = () => false,
): QueueItemView {
  return {
    id: item.id,
    kind: item.kind,
    state: item.state,
    paused: item.paused,
    reason: item.reason ?? undefined,
    path: item.path ?? undefined,
    projectId: item.project_id ?? undefined,
    photoId: item.photo_id ?? undefined,
    md5: item.md5 ?? undefined,
    size: item.size ?? undefined,
    capturedAt: item.captured_at ?? undefined,
    coordinates: item.lat !== null && item.lon !== null ? { lat: item.lat, lon: item.lon } : null,
    description: item.description,
    // The service's words are shown as HTML: only the allowed subset reaches the window.
    serviceDescription:
      item.service_description === null ? undefined : sanitizeDescription(item.service_description),
    processingStatus: item.processing_status ?? undefined,
    attempts: item.attempts,
    updatedAt: item.updated_at,
    queuedAt: item.created_at,
    alreadyOnService: item.found_on_service,
    ...(item.note === null ? {} : { note: item.note }),
    ...(item.photo_url !== null && linkAllowed(item.photo_url) ? { photoUrl: item.photo_url } : {}),
    ...(item.state === 'queued' && item.bytes_sent > 0 ? { bytesSent: item.bytes_sent } : {}),
    ...(item.after_upload === null ? {} : { afterUpload: afterUploadView(item) }),
  };
}

/** What became of an item's file after upload, for the window and the command line. */
export function afterUploadView(item: QueueItem): AfterUploadView {
  const result = item.after_upload_result;
  if (result === null || result.kind === 'moving' || result.kind === 'trashing')
    return { kind: 'pending' };
  return result;
}

/** Whether the service marks a project archived (`archived`, or a status that says so). */
export function isArchived(project: Pick<ServiceProject, 'archived' | 'status'>): boolean {
  return project.archived === true || /^archived$/i.test(project.status ?? '');
}

/** A project with its address on one line. */
export function projectView(project: ServiceProject): ProjectView {
  const address = project.address;
  const parts = [
    address?.street_address_1,
    address?.city,
    address?.state,
    address?.postal_code,
    address?.country,
  ].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return {
    id: project.id,
    name: project.name ?? `Project ${project.id} (no name)`,
    address: parts.join(', '),
    photoCount: project.photo_count,
    ...(isArchived(project) ? { archived: true } : {}),
  };
}

/** Who uploaded `photo`, as its service says (`creator_id`, `creator_name`); null when neither. */
export function uploaderOf(
  photo: Pick<ServicePhoto, 'creator_id' | 'creator_name'>,
): Uploader | null {
  const id = photo.creator_id ?? null;
  const name = photo.creator_name ?? null;
  return id === null && name === null ? null : { id, name };
}

/**
 * A service photo, its description sanitized. The smallest rendition the service offers (the
 * thumbnail, else the web one) is handed to `remember`, which says whether main can serve it
 * (see `ServiceRenditions`); the window never sees the rendition's address.
 */
export function photoView(
  photo: ServicePhoto,
  remember: (photoId: string, address: string | undefined) => boolean = () => false,
): PhotoView {
  const rendition = (type: string) => {
    const found = photo.uris.find((uri) => uri.type === type);
    return found?.url ?? found?.uri;
  };
  const thumbnail = rendition('thumbnail') ?? rendition('web');
  return {
    id: photo.id,
    projectId: photo.project_id ?? '',
    capturedAt: photo.captured_at,
    coordinates: photo.coordinates,
    // Sanitized here whatever the service promises: the window renders it as HTML.
    description: sanitizeDescription(photo.description ?? ''),
    internal: photo.internal,
    processingStatus: photo.processing_status,
    hasThumbnail: remember(photo.id, thumbnail),
    tags: photo.tags,
    uploader: uploaderOf(photo),
    zone: photo.coordinates === null ? undefined : zoneAt(photo.coordinates),
  };
}
