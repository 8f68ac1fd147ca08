import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api/api-error';
import { projectJson } from '../api/photo-json';
import type { ServiceContext } from '../context';
import { adminGuard } from './admin-guard';
import { faultRuleSchema } from './fault-rules';

const faultsBody = z.union([
  faultRuleSchema,
  z.array(faultRuleSchema),
  z.object({ rules: z.array(faultRuleSchema) }),
]);
const resetBody = z.object({ tokens: z.boolean().optional() }).strict();
const point = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) });
/** A site outline: at least three corners (a closing point that repeats the first is allowed). */
const geofence = z.array(point.strict()).min(3).nullable().optional();
const projectBody = z
  .object({
    name: z.string().min(1),
    address: z
      .object({
        street_address_1: z.string(),
        city: z.string(),
        state: z.string(),
        postal_code: z.string(),
        country: z.string(),
      })
      .partial()
      .optional(),
    coordinates: point.nullable().optional(),
    archived: z.boolean().optional(),
    geofence,
  })
  .strict();
const projectChangeBody = z
  .object({ coordinates: point.nullable().optional(), archived: z.boolean().optional(), geofence })
  .strict();
const clockBody = z
  .object({
    advance_ms: z.number().min(0).optional(),
    advance_seconds: z.number().min(0).optional(),
  })
  .strict();

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success)
    throw new ApiError(
      400,
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  return result.data;
}

/**
 * The control API for tests and demos; registered only with `--admin`. Every route sits behind
 * `adminGuard`: its own Host and Origin, the launch line's `admin_token`, JSON bodies only.
 */
export function registerAdminRoutes(app: FastifyInstance, context: ServiceContext): void {
  const guarded = { onRequest: adminGuard(context.origin, context.adminToken) };
  app.get('/__admin/state', guarded, (_request, reply) =>
    reply.send({
      projects: context.photos
        .projects()
        .map((project) => ({ id: project.id, name: project.name })),
      photos: context.photos.photos().map((photo) => ({
        id: photo.id,
        project_id: photo.projectId,
        hash: photo.hash,
        description: photo.description,
        processing_status: photo.processingStatus,
        processing_error: photo.errorReason,
        captured_at: photo.capturedAt,
        coordinates: photo.coordinates,
        internal: photo.internal,
        tags: photo.tags,
        // The type sniffed from the fetched bytes: what a browser would be handed.
        media_type: photo.mediaType,
        uri: photo.uri,
      })),
      requests: context.stats.snapshot(),
      faults: context.faults.list(),
      clock_offset_ms: context.clock.offsetMs,
    }),
  );

  app.post('/__admin/faults', guarded, (request, reply) => {
    const body = parse(faultsBody, request.body);
    const rules = Array.isArray(body) ? body : 'rules' in body ? body.rules : [body];
    context.faults.add(rules);
    return reply.code(201).send({ faults: context.faults.list() });
  });

  app.delete('/__admin/faults', guarded, (_request, reply) => {
    context.faults.clear();
    return reply.send({ faults: [] });
  });

  app.post('/__admin/reset', guarded, async (request, reply) => {
    const { tokens } = parse(resetBody, request.body);
    await context.processor.idle();
    context.photos.reset();
    context.faults.clear();
    context.stats.clear();
    context.limiter.clear();
    if (tokens) context.grants.clear();
    return reply.send({
      projects: context.photos
        .projects()
        .map((project) => ({ id: project.id, name: project.name })),
    });
  });

  app.post('/__admin/projects', guarded, (request, reply) => {
    const body = parse(projectBody, request.body);
    const project = context.photos.addProject({
      name: body.name,
      ...(body.address ? { address: body.address } : {}),
      coordinates: body.coordinates ?? null,
      archived: body.archived ?? false,
      geofence: body.geofence ?? null,
    });
    return reply.code(201).send(projectJson(project, 0, context.origin()));
  });

  app.patch<{ Params: { id: string } }>('/__admin/projects/:id', guarded, (request, reply) => {
    const body = parse(projectChangeBody, request.body);
    const project = context.photos.changeProject(request.params.id, {
      ...(body.coordinates !== undefined ? { coordinates: body.coordinates } : {}),
      ...(body.archived !== undefined ? { archived: body.archived } : {}),
      ...(body.geofence !== undefined ? { geofence: body.geofence } : {}),
    });
    if (!project) throw ApiError.notFound();
    const photoCount = context.photos.photosOfProject(project.id).length;
    return reply.send(projectJson(project, photoCount, context.origin()));
  });

  app.post('/__admin/clock', guarded, (request, reply) => {
    const body = parse(clockBody, request.body);
    context.clock.advance((body.advance_ms ?? 0) + (body.advance_seconds ?? 0) * 1000);
    return reply.send({ offset_ms: context.clock.offsetMs, now: context.clock.nowSeconds() });
  });

  app.get('/__admin/idle', guarded, async (_request, reply) => {
    await context.processor.idle();
    return reply.send({ idle: true });
  });
}
