import type { FastifyInstance } from 'fastify';
import { sanitizeDescription } from '../../shared/description/description-policy';
import type { ServiceContext } from '../context';
import { requireOwnHost } from '../own-host';
import type { Project, StoredPhoto } from '../store/photo-store';
import { escapeHtml } from '../../shared/domain/escape-html';
import { renderPage, sendPage } from './html';
import { ImageVariants, isVariant } from './image-variants';

// The browse page shows renditions from its own origin (its policy allows only 'self'), also
// when the API points at a separate files origin (`--cdn`): both serve the same bytes.
function photoCard(photo: StoredPhoto): string {
  const ready = photo.processingStatus === 'processed' || photo.processingStatus === 'duplicate';
  const waiting =
    photo.processingStatus === 'processing_error' ? 'No image: processing failed' : 'Processing…';
  const image = ready
    ? `<img src="/files/${escapeHtml(photo.id)}/thumbnail" alt="Photo ${escapeHtml(photo.id)}" loading="lazy">`
    : `<div class="placeholder">${waiting}</div>`;
  const captured = new Date(photo.capturedAt * 1000)
    .toISOString()
    .replace('T', ' ')
    .replace('.000Z', ' UTC');
  const where = photo.coordinates
    ? `${photo.coordinates.lat.toFixed(5)}, ${photo.coordinates.lon.toFixed(5)}`
    : 'no position';
  const error = photo.errorReason ? `<div class="meta">${escapeHtml(photo.errorReason)}</div>` : '';
  // Descriptions are stored sanitized; sanitizing again here keeps the page safe regardless.
  return `<div class="card photo" id="photo-${escapeHtml(photo.id)}">${image}
    <div class="status">${escapeHtml(photo.processingStatus)}${photo.internal ? ' · internal' : ''}</div>
    <div class="meta">Captured ${escapeHtml(captured)} · ${escapeHtml(where)}</div>
    ${error}<div class="description">${sanitizeDescription(photo.description)}</div></div>`;
}

function projectSection(project: Project, photos: readonly StoredPhoto[]): string {
  const body =
    photos.length === 0
      ? '<p class="meta">No photos yet.</p>'
      : `<div class="photos">${photos.map(photoCard).join('')}</div>`;
  return `<section><h2><a href="/?project=${escapeHtml(project.id)}">${escapeHtml(project.name)}</a></h2>
    <p class="meta">${escapeHtml([project.address.street_address_1, project.address.city].filter(Boolean).join(', '))} · id ${escapeHtml(project.id)} · ${photos.length} photos</p>${body}</section>`;
}

/**
 * `GET /` (browse projects and photos) and `GET /files/:id/:variant` (the photo URIs). Both
 * answer only when `Host` names this server, so a DNS-rebinding page cannot read them.
 */
export function registerBrowseRoutes(app: FastifyInstance, context: ServiceContext): void {
  const variants = new ImageVariants();
  const ownHostOnly = { onRequest: requireOwnHost(context.origin) };

  app.get<{ Querystring: { project?: string } }>('/', ownHostOnly, (request, reply) => {
    const only = typeof request.query.project === 'string' ? request.query.project : undefined;
    const projects = context.photos
      .projects()
      .filter((project) => only === undefined || project.id === only);
    const sections = projects.map((project) =>
      projectSection(project, context.photos.photosOfProject(project.id)),
    );
    const heading = `<h1>Local Photo Service</h1><p class="meta">What has arrived, by project. ${only ? '<a href="/">All projects</a>' : ''}</p>`;
    return sendPage(reply, 200, renderPage('Local Photo Service', heading + sections.join('')));
  });

  app.get<{ Params: { id: string; variant: string } }>(
    '/files/:id/:variant',
    ownHostOnly,
    async (request, reply) => {
      const photo = context.photos.photo(request.params.id);
      const variant = request.params.variant;
      const rendition =
        photo && isVariant(variant) ? variants.rendition(photo, variant) : undefined;
      if (rendition === undefined) return reply.code(404).send({ errors: ['Record not found'] });
      const { bytes, mediaType } = await rendition;
      return reply
        .header('content-type', mediaType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );
}
