import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { READ_PROJECTS } from '../oauth/scopes';
import type { Project } from '../store/photo-store';
import { bearerGuard } from './bearer-guard';
import { pageOf, queryOf, stringParam } from './pagination';
import { projectJson } from './photo-json';

function matches(project: Project, query: string): boolean {
  const needle = query.trim().toLowerCase();
  const haystack = [project.name, ...Object.values(project.address)].join(' ').toLowerCase();
  return haystack.includes(needle);
}

/** `GET /v2/projects`: a bare array, `query` matching name or address, paged. */
export function registerProjectRoutes(app: FastifyInstance, context: ServiceContext): void {
  app.get(
    '/v2/projects',
    { preHandler: bearerGuard(context, READ_PROJECTS, 'read') },
    (request, reply) => {
      const query = queryOf(request.query);
      const text = stringParam(query, 'query');
      const projects = context.photos
        .projects()
        .filter((project) => text === undefined || matches(project, text))
        .sort((a, b) => a.name.localeCompare(b.name));
      const counts = (project: Project) => context.photos.photosOfProject(project.id).length;
      return reply.send(
        pageOf(projects, query).map((project) =>
          projectJson(project, counts(project), context.origin()),
        ),
      );
    },
  );
}
