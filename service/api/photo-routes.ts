import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { READ_PHOTOS, WRITE_PHOTOS } from '../oauth/scopes';
import { ApiError } from './api-error';
import { bearerGuard } from './bearer-guard';
import { integerParam, pageOf, queryOf } from './pagination';
import { minimalListPhoto, ownDescriptionForm } from './minimal-answers';
import { photoJson } from './photo-json';
import { parseCreateBody, parseDescriptionBody } from './photo-input';

type ProjectParams = { Params: { project_id: string } };
type PhotoParams = { Params: { id: string } };

/** Create, describe, list and get photos (`/v2`). */
export function registerPhotoRoutes(app: FastifyInstance, context: ServiceContext): void {
  const { photos } = context;
  const storedForm = (description: string) =>
    context.options.minimalAnswers ? ownDescriptionForm(description) : description;

  app.post<ProjectParams>(
    '/v2/projects/:project_id/photos',
    { preHandler: bearerGuard(context, WRITE_PHOTOS, 'write') },
    (request, reply) => {
      if (!photos.project(request.params.project_id)) throw ApiError.notFound();
      const input = parseCreateBody(request.body);
      const photo = photos.addPhoto({
        ...input,
        description: storedForm(input.description),
        projectId: request.params.project_id,
      });
      context.processor.enqueue(photo);
      // Real service: 201 with the bare Photo, still `pending`.
      return reply.code(201).send(photoJson(photo, context.origin(), context.filesOrigin()));
    },
  );

  app.post<PhotoParams>(
    '/v2/photos/:id/descriptions',
    { preHandler: bearerGuard(context, WRITE_PHOTOS, 'write') },
    (request, reply) => {
      const photo = photos.photo(request.params.id);
      if (!photo) throw ApiError.notFound();
      photo.description = storedForm(parseDescriptionBody(request.body));
      photos.touch(photo);
      // The spec wraps this answer in `photo`.
      return reply
        .code(201)
        .send({ photo: photoJson(photo, context.origin(), context.filesOrigin()) });
    },
  );

  app.get<PhotoParams>(
    '/v2/photos/:id',
    { preHandler: bearerGuard(context, READ_PHOTOS, 'read') },
    (request, reply) => {
      const photo = photos.photo(request.params.id);
      if (!photo) throw ApiError.notFound();
      return reply.send(photoJson(photo, context.origin(), context.filesOrigin()));
    },
  );

  app.get<ProjectParams>(
    '/v2/projects/:project_id/photos',
    { preHandler: bearerGuard(context, READ_PHOTOS, 'read') },
    (request, reply) => {
      if (!photos.project(request.params.project_id)) throw ApiError.notFound();
      const query = queryOf(request.query);
      const start = integerParam(query, 'start_date');
      const end = integerParam(query, 'end_date');
      const matching = photos
        .photosOfProject(request.params.project_id)
        .filter(
          (photo) =>
            (start === undefined || photo.capturedAt >= start) &&
            (end === undefined || photo.capturedAt <= end),
        );
      return reply.send(
        pageOf(matching, query).map((photo) => {
          const json = photoJson(photo, context.origin(), context.filesOrigin());
          return context.options.minimalAnswers ? minimalListPhoto(json) : json;
        }),
      );
    },
  );
}
