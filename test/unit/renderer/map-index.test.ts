import { describe, expect, it, vi } from 'vitest';
import {
  answerMapIndexRequest,
  emptyClusterIndexState,
} from '../../../renderer/features/map/map-cluster-index';
import {
  connectMapIndex,
  initialMapIndexClientState,
  receiveAnswer,
  requestIndex,
  requestView,
  type MapIndexPort,
  type MapViewport,
} from '../../../renderer/features/map/map-index-client';
import type {
  MapFeature,
  MapIndexPoint,
  MapIndexRequest,
} from '../../../renderer/features/map/map-index-messages';
import { fitAllBounds, mapPoints } from '../../../renderer/features/map/map-points';
import { intakeItemView } from '../../fakes/intake-item-view';

// Issue 15 §2: the map's index is built in a Web Worker. These are the window's decisions (what
// to post, which answer to draw) and the worker's (what to answer), run without a worker.

const world: MapViewport = { box: [-180, -85, 180, 85], zoom: 2 };
const oakland: MapIndexPoint = { id: 1, lat: 37.7958, lng: -122.279, far: false };
const seattle: MapIndexPoint = { id: 2, lat: 47.7066, lng: -122.3252, far: true };

describe("the window's side of the map index", () => {
  it('posts a batch at once, then asks for the view only once the batch is indexed', () => {
    const viewed = requestView(initialMapIndexClientState, world);
    expect(viewed.post).toEqual([{ kind: 'view', viewId: 1, box: world.box, zoom: 2 }]);
    const indexing = requestIndex(viewed.state, [oakland]);
    expect(indexing.post).toEqual([{ kind: 'index', generation: 1, points: [oakland] }]);
    // The map moves while the worker indexes: the view waits for the index.
    const moved = requestView(indexing.state, { box: [-130, 30, -110, 50], zoom: 5 });
    expect(moved.post).toEqual([]);
    const indexed = receiveAnswer(moved.state, { kind: 'indexed', generation: 1 });
    expect(indexed.post).toEqual([{ kind: 'view', viewId: 2, box: [-130, 30, -110, 50], zoom: 5 }]);
  });

  it('keeps only the newest of the batches that arrive while one is indexed', () => {
    let step = requestIndex(initialMapIndexClientState, [oakland]);
    step = requestIndex(step.state, [oakland, seattle]);
    expect(step.post).toEqual([]);
    step = requestIndex(step.state, [seattle]);
    expect(step.post).toEqual([]);
    step = receiveAnswer(step.state, { kind: 'indexed', generation: 1 });
    // Generation 2 was superseded by 3 before it was ever sent.
    expect(step.post).toEqual([{ kind: 'index', generation: 3, points: [seattle] }]);
  });

  it('never draws an answer older than the newest batch or the newest view', () => {
    let step = requestView(initialMapIndexClientState, world);
    const features: MapFeature[] = [{ kind: 'photo', id: 1, lat: 1, lng: 2, far: false }];
    // The view of the empty index, answered while a batch is already asked for: not drawn.
    step = requestIndex(step.state, [oakland]);
    const stale = receiveAnswer(step.state, { kind: 'view', viewId: 1, generation: 0, features });
    expect(stale.draw).toBeUndefined();
    step = receiveAnswer(step.state, { kind: 'indexed', generation: 1 });
    const [asked] = step.post;
    expect(asked).toMatchObject({ kind: 'view', viewId: 2 });
    // A view answer for an older view id is dropped, the newest one is drawn.
    expect(
      receiveAnswer(step.state, { kind: 'view', viewId: 1, generation: 1, features }).draw,
    ).toBeUndefined();
    expect(
      receiveAnswer(step.state, { kind: 'view', viewId: 2, generation: 1, features }).draw,
    ).toEqual(features);
  });

  it('ignores malformed answers and reports a failed worker in a sentence', () => {
    const step = requestIndex(initialMapIndexClientState, [oakland]);
    expect(receiveAnswer(step.state, { kind: 'view', features: 'nope' })).toEqual({
      state: step.state,
      post: [],
    });
    const failed = receiveAnswer(step.state, { kind: 'failed', message: 'It broke.' });
    expect(failed.failure).toBe('It broke.');
    expect(failed.state.indexing).toBeUndefined();
  });
});

/** Supercluster projects positions and back: equal to within a hair. */
const near = (degrees: number): unknown => expect.closeTo(degrees, 9);

describe("the worker's side of the map index", () => {
  it('clusters 20,000 photos so a world view holds a handful of features, not 20,000', () => {
    const many = Array.from({ length: 20_000 }, (_, i) =>
      intakeItemView(i, {
        coordinates: { lat: 37.7 + (i % 200) * 0.001, lon: -122.3 + Math.floor(i / 200) * 0.001 },
      }),
    );
    const points = mapPoints(many, new Set([5, 6]));
    expect(points.placed).toBe(20_000);
    expect(points.far).toBe(2);
    // What crosses to the worker is plain data: no path, no name.
    expect(Object.keys(points.points[0] ?? {}).sort()).toEqual(['far', 'id', 'lat', 'lng']);
    const state = emptyClusterIndexState();
    expect(
      answerMapIndexRequest(state, { kind: 'index', generation: 4, points: [...points.points] }),
    ).toEqual({ kind: 'indexed', generation: 4 });
    const answer = answerMapIndexRequest(state, {
      kind: 'view',
      viewId: 9,
      box: [...world.box],
      zoom: 3,
    });
    expect(answer).toMatchObject({ kind: 'view', viewId: 9, generation: 4 });
    const features = answer.kind === 'view' ? answer.features : [];
    expect(features.length).toBeLessThan(5);
    expect(features[0]).toMatchObject({ kind: 'cluster', count: 20_000, far: 2 });
    const cluster = features[0];
    expect(cluster?.kind === 'cluster' ? cluster.expansionZoom : 0).toBeGreaterThan(3);
  });

  it('answers a view with single photos once zoomed in, far ones flagged', () => {
    const state = emptyClusterIndexState();
    answerMapIndexRequest(state, { kind: 'index', generation: 1, points: [oakland, seattle] });
    const answer = answerMapIndexRequest(state, {
      kind: 'view',
      viewId: 1,
      box: [...world.box],
      zoom: 6,
    });
    expect(answer.kind === 'view' ? answer.features : []).toEqual([
      { kind: 'photo', id: 1, lat: near(oakland.lat), lng: near(oakland.lng), far: false },
      { kind: 'photo', id: 2, lat: near(seattle.lat), lng: near(seattle.lng), far: true },
    ]);
  });
});

describe('the map index over a port', () => {
  it('draws only the newest view when batches and moves cross in flight', async () => {
    const worker = emptyClusterIndexState();
    const posted: MapIndexRequest[] = [];
    const port: MapIndexPort = {
      onmessage: null,
      postMessage(request) {
        posted.push(request);
        const answer = answerMapIndexRequest(worker, structuredClone(request));
        // Answers arrive later, as a worker's would.
        setTimeout(() => port.onmessage?.({ data: answer }), 0);
      },
      terminate() {},
    };
    const drawn: (readonly MapFeature[])[] = [];
    const connection = connectMapIndex(
      port,
      (features) => drawn.push(features),
      () => {},
    );
    connection.view({ box: world.box, zoom: 6 });
    connection.index([oakland]);
    connection.index([oakland, seattle]);
    connection.index([seattle]);
    // Answers come on timers: wait for the last view to be drawn (a fixed wait was too short
    // on a busy machine), then check that nothing older was.
    await vi.waitFor(() => expect(drawn.length).toBeGreaterThan(0), { timeout: 5000 });
    expect(posted.map((request) => request.kind)).toEqual(['view', 'index', 'index', 'view']);
    expect(drawn.at(-1)?.map((feature) => feature.kind === 'photo' && feature.id)).toEqual([2]);
    // The empty first view was answered after a batch was asked for: never drawn.
    expect(drawn).toHaveLength(1);
    connection.close();
  });
});

describe('"Show all photos"', () => {
  it("fits every photo and the project's pin", () => {
    expect(fitAllBounds([-122.3, 37.7, -122.2, 47.7], { lat: 30, lon: -100 })).toEqual([
      -122.3, 30, -100, 47.7,
    ]);
    expect(fitAllBounds(undefined, { lat: 30, lon: -100 })).toEqual([-100, 30, -100, 30]);
    expect(fitAllBounds([1, 2, 3, 4], null)).toEqual([1, 2, 3, 4]);
    expect(fitAllBounds(undefined, undefined)).toBeUndefined();
  });
});
