import {
  mapIndexAnswerSchema,
  type MapFeature,
  type MapIndexPoint,
  type MapIndexRequest,
} from './map-index-messages';

/** Where the window's requests go and answers come from: the map's worker, or a stand-in. */
export type MapIndexPort = {
  postMessage(request: MapIndexRequest): void;
  /** Answers (unchecked: the client parses them). */
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  terminate(): void;
};

/** The visible box ([west, south, east, north]) and the zoom a view is drawn at. */
export type MapViewport = {
  readonly box: readonly [number, number, number, number];
  readonly zoom: number;
};

/** What the client knows between messages. */
export type MapIndexClientState = {
  /** The newest batch asked for. */
  readonly generation: number;
  /** The batch the worker is indexing now, if any. */
  readonly indexing: number | undefined;
  /** A newer batch waiting for the worker to finish `indexing`: only the newest is kept. */
  readonly waiting:
    { readonly generation: number; readonly points: readonly MapIndexPoint[] } | undefined;
  /** The newest view asked for (drawn once the newest batch is indexed). */
  readonly viewport: MapViewport | undefined;
  readonly viewId: number;
};

/** A client that has asked for nothing yet. */
export const initialMapIndexClientState: MapIndexClientState = {
  generation: 0,
  indexing: undefined,
  waiting: undefined,
  viewport: undefined,
  viewId: 0,
};

/** What a decision leads to: the next state, what to post (in order) and what to draw, if anything. */
export type MapIndexStep = {
  readonly state: MapIndexClientState;
  readonly post: readonly MapIndexRequest[];
  readonly draw?: readonly MapFeature[];
  readonly failure?: string;
};

/** Asks for the view, unless a batch is being indexed (the view follows once it is). */
function viewRequest(state: MapIndexClientState): {
  state: MapIndexClientState;
  post: MapIndexRequest[];
} {
  if (state.viewport === undefined || state.indexing !== undefined) return { state, post: [] };
  const viewId = state.viewId + 1;
  return {
    state: { ...state, viewId },
    post: [{ kind: 'view', viewId, box: [...state.viewport.box], zoom: state.viewport.zoom }],
  };
}

/**
 * A new batch to index. With the worker idle it is posted at once; while the worker indexes an
 * older batch it waits, replacing any batch that was waiting: a burst of intake costs at most
 * two index builds, and the newest always wins.
 */
export function requestIndex(
  state: MapIndexClientState,
  points: readonly MapIndexPoint[],
): MapIndexStep {
  const generation = state.generation + 1;
  if (state.indexing !== undefined)
    return { state: { ...state, generation, waiting: { generation, points } }, post: [] };
  return {
    state: { ...state, generation, indexing: generation, waiting: undefined },
    post: [{ kind: 'index', generation, points: [...points] }],
  };
}

/** The map moved: ask what is in view now (after any batch being indexed). */
export function requestView(state: MapIndexClientState, viewport: MapViewport): MapIndexStep {
  return viewRequest({ ...state, viewport });
}

/**
 * Applies one of the worker's answers. A finished index posts the waiting batch, else the view;
 * a view is drawn only when it answers the newest view asked for against the newest batch, so
 * an older answer never overwrites a newer one. Anything malformed is ignored.
 */
export function receiveAnswer(state: MapIndexClientState, data: unknown): MapIndexStep {
  const parsed = mapIndexAnswerSchema.safeParse(data);
  if (!parsed.success) return { state, post: [] };
  const answer = parsed.data;
  if (answer.kind === 'indexed' || answer.kind === 'failed') {
    if (answer.kind === 'indexed' && answer.generation !== state.indexing)
      return { state, post: [] };
    const failure = answer.kind === 'failed' ? { failure: answer.message } : {};
    const idle = { ...state, indexing: undefined };
    if (state.waiting !== undefined) {
      const waiting = state.waiting;
      return {
        state: { ...idle, indexing: waiting.generation, waiting: undefined },
        post: [{ kind: 'index', generation: waiting.generation, points: [...waiting.points] }],
        ...failure,
      };
    }
    return { ...viewRequest(idle), ...failure };
  }
  const current = answer.viewId === state.viewId && answer.generation === state.generation;
  return current ? { state, post: [], draw: answer.features } : { state, post: [] };
}

/**
 * The map's connection to its index: keeps the client state, posts what the decisions say and
 * calls `onDraw` with each view worth drawing (`onFailure` with a sentence when the worker fails).
 */
export function connectMapIndex(
  port: MapIndexPort,
  onDraw: (features: readonly MapFeature[]) => void,
  onFailure: (message: string) => void,
): {
  index(points: readonly MapIndexPoint[]): void;
  view(viewport: MapViewport): void;
  close(): void;
} {
  let state = initialMapIndexClientState;
  const run = (step: MapIndexStep) => {
    state = step.state;
    for (const request of step.post) port.postMessage(request);
    if (step.draw !== undefined) onDraw(step.draw);
    if (step.failure !== undefined) onFailure(step.failure);
  };
  port.onmessage = (event) => run(receiveAnswer(state, event.data));
  return {
    index: (points) => run(requestIndex(state, points)),
    view: (viewport) => run(requestView(state, viewport)),
    close: () => {
      port.onmessage = null;
      port.terminate();
    },
  };
}
