import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import type { Clock } from '../../shared/domain/clock';
import type { AuthorizedRequester } from '../../main/api/photo-service-api';
import { toNetworkError } from '../../main/http/network-error';

// A tiny Photo Service on loopback that keeps real state (the photos it stored) but answers in
// every shape the service facts allow, and some it does not: the odd answers the local simulator
// never gives. Each request takes the next `AnswerMode` from `plan`.

/** The request kinds the uploader sends. */
export type CallKind = 'create' | 'get' | 'describe' | 'list-photos' | 'list-projects';

export const PROCESSING_STATUSES = [
  'pending',
  'processing',
  'processed',
  'processing_error',
  'duplicate',
] as const;

/** How one answer is given. */
export type AnswerMode = {
  /** 2xx with a body; 2xx with an empty or non-JSON body; 5xx; 429; or no answer at all. */
  readonly outcome: 'ok' | 'empty' | 'not-json' | 'server-error' | 'rate-limited' | 'lost';
  /** A create's 2xx is 201 (the spec) or 200. */
  readonly okStatus: 200 | 201;
  /** A create that met a 5xx was stored anyway (a proxy failed after the service committed). */
  readonly storedDespiteError: boolean;
  readonly shape: 'bare' | 'wrapped' | 'id-only';
  readonly numericIds: boolean;
  readonly coordinates: 'object' | 'array' | 'null' | 'missing';
  readonly description: 'string' | 'object' | 'null' | 'missing';
  /** The true status, none, one nobody knows, or any documented one (true or not). */
  readonly status: 'true' | 'missing' | 'unrecognised' | (typeof PROCESSING_STATUSES)[number];
  readonly hash: 'true' | 'null' | 'missing';
  /** A list carries one more item that cannot be read (no id). */
  readonly unreadableItem: boolean;
  /**
   * Fields left out of every photo (the vendor's document requires only `id`): any subset of
   * the optional ones.
   */
  readonly omit?: readonly string[];
};

/** The answer the real service gives on a good day. */
export const NORMAL: AnswerMode = {
  outcome: 'ok',
  okStatus: 201,
  storedDespiteError: false,
  shape: 'bare',
  numericIds: false,
  coordinates: 'object',
  description: 'string',
  status: 'true',
  hash: 'true',
  unreadableItem: false,
};

/** A photo the service holds. */
export type StoredPhoto = {
  readonly id: string;
  readonly projectId: string;
  readonly capturedAt: number;
  readonly md5: string;
  readonly coordinates: { readonly lat: number; readonly lon: number } | null;
  description: string;
  /** ms on the clock when it was stored; it is processed `PROCESSING_MS` later. */
  readonly storedAt: number;
};

/** How long a stored photo stays pending. */
export const PROCESSING_MS = 5000;

/** The MD5 a test photo host puts in its URLs: `https://photos.example/<md5>.jpg`. */
export const md5FromUri = (uri: string) => /([0-9a-f]{32})\.[a-z]+$/.exec(uri)?.[1];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

export class OddPhotoService {
  readonly photos: StoredPhoto[] = [];
  /** Create requests received (stored or not). */
  createRequests = 0;
  /** The path and query of every request received, in order. */
  readonly requestUrls: string[] = [];
  /** The raw projects `GET /v2/projects` lists. */
  projects: unknown[] = [{ id: 'p1', name: 'Site', address: null }];
  /** The mode of the next answer to a request of `kind`. */
  plan: (kind: CallKind) => AnswerMode = () => NORMAL;
  /**
   * The form the service stores a description in (a service may keep HTML its own way: `<b>` as
   * `<strong>`, attributes dropped). The same text by default.
   */
  storedForm: (html: string) => string = (html) => html;
  /** Awaited before a create is read: a test holds creates back with it (a slow service). */
  beforeCreate: () => Promise<void> = () => Promise.resolve();
  #nextId = 100;

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
    private readonly clock: Clock,
  ) {}

  static async start(clock: Clock): Promise<OddPhotoService> {
    const ready: { service?: OddPhotoService } = {};
    const server = createServer((req, res) => {
      void ready.service?.handle(req, res).catch(() => res.socket?.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ready.service = new OddPhotoService(server, `http://127.0.0.1:${port}`, clock);
    return ready.service;
  }

  reset(): void {
    this.photos.length = 0;
    this.createRequests = 0;
    this.requestUrls.length = 0;
    this.plan = () => NORMAL;
    this.beforeCreate = () => Promise.resolve();
    this.storedForm = (html) => html;
  }

  /** How many stored photos have these bytes. */
  storedWith(md5: string): number {
    return this.photos.filter((photo) => photo.md5 === md5).length;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Sends requests with a bearer token, as the sign-in session does (its errors included). */
  requester(): AuthorizedRequester {
    return {
      async authorizedRequest(url, options) {
        try {
          return await request(url, {
            method: options.method,
            headers: { ...options.headers, authorization: 'Bearer test' },
            body: options.body ?? null,
            ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
            ...(options.signal ? { signal: options.signal } : {}),
          });
        } catch (error) {
          throw toNetworkError(error, url, options.signal);
        }
      },
    };
  }

  #status(photo: StoredPhoto): 'pending' | 'processed' {
    return this.clock.now() >= photo.storedAt + PROCESSING_MS ? 'processed' : 'pending';
  }

  /** A photo in the mode's shape: every field the facts allow to vary, varied. */
  render(photo: StoredPhoto, mode: AnswerMode, inList: boolean): unknown {
    const id = mode.numericIds ? Number(photo.id) : photo.id;
    if (mode.shape === 'id-only') return { id };
    const status = this.#status(photo);
    const fields: Record<string, unknown> = {
      id,
      project_id: mode.numericIds
        ? Number(photo.projectId.replace(/\D/g, '') || 0)
        : photo.projectId,
      captured_at: photo.capturedAt,
      internal: false,
      uris: [{ type: 'original', url: `https://service.example/${photo.id}.jpg` }],
      photo_url: `https://service.example/?project=${photo.projectId}#photo-${photo.id}`,
    };
    if (mode.status !== 'missing')
      fields.processing_status =
        mode.status === 'true'
          ? status
          : mode.status === 'unrecognised'
            ? 'queued-for-ai'
            : mode.status;
    if (mode.hash !== 'missing')
      fields.hash = mode.hash === 'true' && status === 'processed' ? photo.md5 : null;
    if (mode.coordinates !== 'missing')
      fields.coordinates =
        mode.coordinates === 'null' || photo.coordinates === null
          ? null
          : mode.coordinates === 'array'
            ? [photo.coordinates]
            : photo.coordinates;
    if (mode.description !== 'missing')
      fields.description =
        mode.description === 'null'
          ? null
          : mode.description === 'object'
            ? { id: 1, html_content: photo.description, plain_text_content: photo.description }
            : photo.description;
    for (const field of mode.omit ?? []) if (field !== 'id') delete fields[field];
    return mode.shape === 'wrapped' && !inList ? { photo: fields } : fields;
  }

  #send(res: ServerResponse, mode: AnswerMode, okStatus: number, body: () => unknown): void {
    switch (mode.outcome) {
      case 'lost':
        res.socket?.destroy();
        return;
      case 'server-error':
        res.writeHead(503, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>');
        return;
      case 'rate-limited':
        res.writeHead(429, { 'content-type': 'application/json' }).end('{"errors":["Too many"]}');
        return;
      case 'empty':
        res.writeHead(okStatus).end();
        return;
      case 'not-json':
        res.writeHead(okStatus, { 'content-type': 'text/html' }).end('<html>OK</html>');
        return;
      case 'ok':
        res.writeHead(okStatus, { 'content-type': 'application/json' }).end(JSON.stringify(body()));
    }
  }

  #notFound(res: ServerResponse): void {
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end('{"errors":["Record not found"]}');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    this.requestUrls.push(req.url ?? '/');
    const text = await readBody(req);
    const path = url.pathname;
    const create = /^\/v2\/projects\/([^/]+)\/photos$/.exec(path);
    if (req.method === 'POST' && create) {
      await this.beforeCreate();
      const mode = this.plan('create');
      this.createRequests += 1;
      const body = JSON.parse(text) as {
        photo: {
          uri: string;
          captured_at: number;
          coordinates?: { lat: number; lon: number };
          description: string;
        };
      };
      const stores =
        mode.outcome !== 'rate-limited' &&
        (mode.outcome !== 'server-error' || mode.storedDespiteError);
      let stored: StoredPhoto | undefined;
      if (stores) {
        stored = {
          id: String((this.#nextId += 1)),
          projectId: decodeURIComponent(create[1]!),
          capturedAt: body.photo.captured_at,
          md5: md5FromUri(body.photo.uri) ?? 'unknown',
          coordinates: body.photo.coordinates ?? null,
          description: this.storedForm(body.photo.description),
          storedAt: this.clock.now(),
        };
        this.photos.push(stored);
      }
      return this.#send(res, mode, mode.okStatus, () => this.render(stored!, mode, false));
    }
    const list = /^\/v2\/projects\/([^/]+)\/photos$/.exec(path);
    if (req.method === 'GET' && list) {
      const mode = this.plan('list-photos');
      const start = Number(url.searchParams.get('start_date') ?? -Infinity);
      const end = Number(url.searchParams.get('end_date') ?? Infinity);
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 50);
      const matching = this.photos
        .filter(
          (photo) =>
            photo.projectId === decodeURIComponent(list[1]!) &&
            photo.capturedAt >= start &&
            photo.capturedAt <= end,
        )
        .sort((a, b) => b.capturedAt - a.capturedAt)
        .slice((page - 1) * perPage, page * perPage);
      return this.#send(res, mode, 200, () => [
        ...matching.map((photo) => this.render(photo, mode, true)),
        ...(mode.unreadableItem ? [{ name: 'no id here' }] : []),
      ]);
    }
    if (req.method === 'GET' && path === '/v2/projects') {
      const mode = this.plan('list-projects');
      return this.#send(res, mode, 200, () => this.projects);
    }
    const photoPath = /^\/v2\/photos\/([^/]+)(\/descriptions)?$/.exec(path);
    const photo = this.photos.find((candidate) => candidate.id === photoPath?.[1]);
    if (photoPath && req.method === 'GET' && !photoPath[2]) {
      const mode = this.plan('get');
      if (!photo && mode.outcome === 'ok') return this.#notFound(res);
      return this.#send(res, mode, 200, () => this.render(photo!, mode, false));
    }
    if (photoPath && req.method === 'POST' && photoPath[2]) {
      const mode = this.plan('describe');
      if (!photo) return this.#notFound(res);
      if (mode.outcome !== 'rate-limited' && mode.outcome !== 'server-error')
        photo.description = this.storedForm(
          (JSON.parse(text) as { description: string }).description,
        );
      return this.#send(res, mode, 201, () => this.render(photo, mode, false));
    }
    this.#notFound(res);
  }
}
