import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFetch,
  api,
  signIn,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';

type ListedProject = {
  id: string;
  name: string;
  coordinates: { lat: number; lon: number } | null;
  archived: boolean;
  geofence?: { lat: number; lon: number }[];
};

describe('Local Photo Service: where projects are', () => {
  let service: TestService;
  let token: string;

  beforeAll(async () => {
    service = await startTestService({ autoApprove: true, rateLimit: false });
    token = (await signIn(service.info)).access_token;
  });
  afterAll(() => service.close());

  async function listed(): Promise<ListedProject[]> {
    const answer = await api(service.info, token, 'GET', '/v2/projects?per_page=100');
    expect(answer.status).toBe(200);
    return answer.body as ListedProject[];
  }

  it('seeds coordinates on every project, a geofence on one and one archived project', async () => {
    const projects = await listed();
    expect(projects.every((project) => project.coordinates !== null)).toBe(true);
    const fenced = projects.filter((project) => project.geofence !== undefined);
    expect(fenced.map((project) => project.name)).toEqual(['Harbor View Tower']);
    expect(fenced[0]!.geofence!.length).toBeGreaterThanOrEqual(3);
    expect(projects.filter((project) => project.archived).map((project) => project.name)).toEqual([
      'Eastbay Depot (closed)',
    ]);
  });

  it('sets and clears coordinates, geofence and the archived flag through the control API', async () => {
    const target = (await listed()).find((project) => project.name === 'Riverside Bridge Repair')!;
    const fence = [
      { lat: 39.13, lon: -94.52 },
      { lat: 39.13, lon: -94.5 },
      { lat: 39.12, lon: -94.5 },
      { lat: 39.13, lon: -94.52 },
    ];
    const changed = await adminFetch(service.info, `/projects/${target.id}`, {
      method: 'PATCH',
      body: { coordinates: { lat: 39.125, lon: -94.51 }, geofence: fence, archived: true },
    });
    expect(changed.status).toBe(200);
    const after = (await listed()).find((project) => project.id === target.id)!;
    expect(after).toMatchObject({
      coordinates: { lat: 39.125, lon: -94.51 },
      geofence: fence,
      archived: true,
    });

    const cleared = await adminFetch(service.info, `/projects/${target.id}`, {
      method: 'PATCH',
      body: { coordinates: null, geofence: null },
    });
    expect(cleared.status).toBe(200);
    const again = (await listed()).find((project) => project.id === target.id)!;
    expect(again.coordinates).toBeNull();
    expect(again.geofence).toBeUndefined();
    // Left out of the change: kept.
    expect(again.archived).toBe(true);
  });

  it('refuses a geofence of fewer than three corners and an unknown project', async () => {
    const target = (await listed())[0]!;
    const short = await adminFetch(service.info, `/projects/${target.id}`, {
      method: 'PATCH',
      body: { geofence: [{ lat: 1, lon: 1 }] },
    });
    expect(short.status).toBe(400);
    const unknown = await adminFetch(service.info, '/projects/no-such-project', {
      method: 'PATCH',
      body: { archived: true },
    });
    expect(unknown.status).toBe(404);
  });

  it('adds a project with a geofence', async () => {
    const added = await adminFetch(service.info, '/projects', {
      body: {
        name: 'Fenced yard',
        coordinates: { lat: 10, lon: 10 },
        geofence: [
          { lat: 10.001, lon: 9.999 },
          { lat: 10.001, lon: 10.001 },
          { lat: 9.999, lon: 10.001 },
        ],
      },
    });
    expect(added.status).toBe(201);
    expect(((await added.json()) as ListedProject).geofence).toHaveLength(3);
  });
});
