import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../main/api/api-errors';
import type { ServiceProject } from '../../../../main/api/api-schemas';
import type { PhotoServiceClient } from '../../../../main/api/photo-service-client';
import { NetworkError } from '../../../../main/http/network-error';
import { checkProject, projectCheckWords } from '../../../../main/core/project-check';

// Issue 22 §6: `upload --project ID` and `watch --project ID` check the project once, before
// anything is queued, and refuse with the reason.

const project = (
  id: string,
  name: string,
  extra: Partial<ServiceProject> = {},
): ServiceProject => ({
  id,
  name,
  address: null,
  photo_count: undefined,
  project_url: undefined,
  coordinates: null,
  archived: undefined,
  status: undefined,
  geofence: null,
  ...extra,
});

/** A service listing `projects` (100 a page) whose photo list of an unlisted id answers `unlisted`. */
function service(
  projects: readonly ServiceProject[],
  unlisted: () => Promise<void> = () =>
    Promise.reject(new ApiError(404, ['Record not found'], undefined)),
): Pick<PhotoServiceClient, 'projectsPage' | 'projectPhotosPage'> {
  return {
    projectsPage: (query) => {
      const start = ((query.page ?? 1) - 1) * (query.perPage ?? 50);
      const items = projects.slice(start, start + (query.perPage ?? 50));
      return Promise.resolve({ items, rawLength: items.length });
    },
    projectPhotosPage: async () => {
      await unlisted();
      return { items: [], rawLength: 0 };
    },
  };
}

const many = Array.from({ length: 230 }, (_, index) => project(`p${index}`, `Site ${index}`));

describe('checkProject', () => {
  it('finds a listed project on any page, with its name', async () => {
    expect(await checkProject(service(many), 'p214', { includeArchived: false })).toEqual({
      kind: 'ok',
      name: 'Site 214',
    });
  });

  it('refuses an archived project unless the user confirmed it', async () => {
    const depot = project('d1', 'Eastbay Depot (closed)', { archived: true });
    const closed = project('d2', 'Old Yard', { status: 'Archived' });
    expect(await checkProject(service([depot]), 'd1', { includeArchived: false })).toEqual({
      kind: 'refused',
      code: 'archived',
      name: 'Eastbay Depot (closed)',
    });
    expect(await checkProject(service([closed]), 'd2', { includeArchived: false })).toMatchObject({
      kind: 'refused',
      code: 'archived',
    });
    expect(await checkProject(service([depot]), 'd1', { includeArchived: true })).toEqual({
      kind: 'ok',
      name: 'Eastbay Depot (closed)',
    });
  });

  it('tells an unknown id from one this account may not see', async () => {
    expect(await checkProject(service(many), 'not-a-project', { includeArchived: false })).toEqual({
      kind: 'refused',
      code: 'unknown',
    });
    const forbidden = () => Promise.reject(new ApiError(403, ['Forbidden'], undefined));
    expect(
      await checkProject(service(many, forbidden), 'theirs', { includeArchived: false }),
    ).toEqual({ kind: 'refused', code: 'no-access' });
  });

  it('accepts a project it may read photos of, though the listing left it out', async () => {
    expect(
      await checkProject(
        service(many, () => Promise.resolve()),
        'hidden',
        {
          includeArchived: false,
        },
      ),
    ).toEqual({ kind: 'ok', name: undefined });
  });

  it('lets a network failure through: the caller says the check could not be made', async () => {
    const offline: Pick<PhotoServiceClient, 'projectsPage' | 'projectPhotosPage'> = {
      projectsPage: () => Promise.reject(new NetworkError('api.example.com', 'ECONNREFUSED')),
      projectPhotosPage: () => Promise.reject(new Error('not asked')),
    };
    await expect(checkProject(offline, 'p1', { includeArchived: false })).rejects.toBeInstanceOf(
      NetworkError,
    );
  });
});

describe('projectCheckWords', () => {
  it('says each refusal, and what an unchecked project means', () => {
    expect(projectCheckWords({ kind: 'refused', code: 'unknown' }, 'nope')).toBe(
      'No project has the id "nope" (see `projects` for the ids).',
    );
    expect(
      projectCheckWords(
        { kind: 'refused', code: 'archived', name: 'Eastbay Depot (closed)' },
        'd1',
      ),
    ).toBe(
      'The project "Eastbay Depot (closed)" (d1) is archived: nothing is uploaded to it unless you confirm it (--include-archived).',
    );
    expect(projectCheckWords({ kind: 'refused', code: 'no-access' }, 'theirs')).toBe(
      'This account may not use the project "theirs" (the service refused access).',
    );
    expect(projectCheckWords({ kind: 'unchecked', reason: 'Offline.' }, 'p1')).toBe(
      'Could not check the project "p1" now (Offline.); its photos are queued, and each is checked when it is uploaded.',
    );
  });
});
