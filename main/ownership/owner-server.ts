import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { IpcEvent, IpcEventPayloads } from '../../shared/ipc/contract';
import { createIpcDispatcher, type IpcHandlers } from '../../shared/ipc/dispatcher';
import type { Logger } from '../logging/logger';
import type { OwnerAddressPlan } from './data-folder';
import {
  lineReader,
  MAX_HELLO_BYTES,
  MAX_LINE_BYTES,
  type OwnerEndpoint,
  type OwnerMessage,
  parseClientMessage,
} from './attach-protocol';

/** A connection that has not said `hello` with the right token by then is closed. */
const HELLO_TIMEOUT_MS = 5000;
/** After answering the last calls, connections still open after this are cut. */
const CLOSE_GRACE_MS = 2000;

/** What one connection is served on top of the shared handlers (its watch sessions). */
export type ConnectionServing = (
  send: (report: IpcEventPayloads['watch:session-report']) => void,
) => {
  readonly handlers: Partial<IpcHandlers>;
  /** The connection ended: whatever lives as long as it ends too. */
  close(): Promise<void>;
};

type EventSource = (
  listener: <E extends IpcEvent>(event: E, payload: IpcEventPayloads[E]) => void,
) => () => void;

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The owner's local channel: serves the command line's handler map to other processes of the
 * same user on this data folder, over a Unix socket (mode 0600) or a named pipe. A caller must
 * first present the random token from the endpoint file, which only the user can read (0600).
 * Every call goes through the same dispatcher as the window's IPC (schema, errors as results).
 */
export class OwnerServer {
  readonly #pending = new Set<Promise<unknown>>();
  readonly #sockets = new Set<Socket>();
  /** Called whenever a call ends or a connection closes (see `drain`). */
  #settled: (() => void) | undefined;
  #closing: Promise<void> | undefined;

  private constructor(
    private readonly server: Server,
    private readonly endpoint: OwnerEndpoint,
    /** The private folder the socket lives in, removed on close (`private-socket` plans). */
    private readonly privateDir: string | undefined,
    private readonly endpointFile: string,
    private readonly handlers: IpcHandlers,
    private readonly events: EventSource,
    private readonly logger: Logger,
    private readonly perConnection: ConnectionServing | undefined,
  ) {
    server.on('connection', (socket) => this.#accept(socket));
  }

  /**
   * Listens where `plan` says and then writes the endpoint file, so that a process that finds
   * the file can connect. The caller must hold the data folder's lock: a stale socket file left
   * by an owner that died is removed first.
   */
  static async start(options: {
    readonly plan: OwnerAddressPlan;
    /** Where a private socket folder is made (`private-socket` plans). */
    readonly runtimeDir: string;
    readonly endpointFile: string;
    readonly handlers: IpcHandlers;
    readonly events: EventSource;
    readonly logger: Logger;
    /** Calls served per connection (a command line's watch sessions). */
    readonly perConnection?: ConnectionServing;
  }): Promise<OwnerServer> {
    const { plan, endpointFile } = options;
    let address: string;
    let privateDir: string | undefined;
    switch (plan.kind) {
      case 'pipe':
        // A random name: nobody can create the pipe first and wait for our token.
        address = `${plan.prefix}-${randomBytes(8).toString('hex')}`;
        break;
      case 'socket':
        address = plan.path;
        await rm(address, { force: true });
        break;
      case 'private-socket':
        // mkdtemp makes a new folder only this user can enter: nobody can have prepared it.
        await mkdir(options.runtimeDir, { recursive: true, mode: 0o700 });
        privateDir = await mkdtemp(join(options.runtimeDir, 'photo-uploader-'));
        address = join(privateDir, 'owner.sock');
        break;
    }
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ path: address, readableAll: false, writableAll: false }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    if (plan.kind !== 'pipe') await chmod(address, 0o600);
    const endpoint: OwnerEndpoint = {
      version: 1,
      pid: process.pid,
      address,
      token: randomBytes(32).toString('base64url'),
    };
    await writeFile(endpointFile, `${JSON.stringify(endpoint)}\n`, { mode: 0o600 });
    // writeFile keeps the mode of a file that already existed: make sure.
    await chmod(endpointFile, 0o600);
    return new OwnerServer(
      server,
      endpoint,
      privateDir,
      endpointFile,
      options.handlers,
      options.events,
      options.logger,
      options.perConnection,
    );
  }

  /** Where this owner listens. */
  get address(): string {
    return this.endpoint.address;
  }

  /**
   * Waits until no process is attached any more (each one's command has ended and it has
   * disconnected). It keeps serving meanwhile, so a command that finishes first never cuts short
   * the others: an attached `upload` may be waiting for its intake, with no call running.
   */
  async drain(): Promise<void> {
    while (this.#pending.size > 0 || this.#sockets.size > 0)
      await new Promise<void>((resolve) => (this.#settled = resolve));
  }

  /**
   * Stops accepting, answers the calls still running (an attached `sync` gets its result), then
   * closes every connection and removes the endpoint file and the socket.
   */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => this.server.close(() => resolve()));
      await rm(this.endpointFile, { force: true });
      // From here on new calls are refused (see #accept); the running ones get their answers.
      while (this.#pending.size > 0) await Promise.allSettled([...this.#pending]);
      for (const socket of this.#sockets) socket.end();
      // A peer that never closes its side must not keep the owner from quitting.
      const stragglers = setTimeout(() => {
        for (const socket of this.#sockets) socket.destroy();
      }, CLOSE_GRACE_MS);
      await stopped;
      clearTimeout(stragglers);
      if (this.privateDir !== undefined)
        await rm(this.privateDir, { recursive: true, force: true });
      else if (!this.endpoint.address.startsWith('\\\\.\\pipe\\'))
        await rm(this.endpoint.address, { force: true });
    })();
    return this.#closing;
  }

  #accept(socket: Socket): void {
    this.#sockets.add(socket);
    const send = (message: OwnerMessage) => {
      if (!socket.destroyed && socket.writable) socket.write(`${JSON.stringify(message)}\n`);
    };
    // Made only once the token is checked: a stranger gets nothing that lives with a connection.
    let own: ReturnType<ConnectionServing> | undefined;
    let dispatch = createIpcDispatcher(this.handlers);
    let welcomed = false;
    let stopEvents: (() => void) | undefined;
    const helloTimer = setTimeout(() => socket.destroy(), HELLO_TIMEOUT_MS);
    socket.on(
      'data',
      lineReader(
        (line) => {
          const message = parseClientMessage(line);
          if (!welcomed) {
            if (message?.type !== 'hello' || !sameToken(message.token, this.endpoint.token)) {
              this.logger.warn('refused a connection without the owner token');
              socket.destroy();
              return;
            }
            welcomed = true;
            clearTimeout(helloTimer);
            own = this.perConnection?.((payload) =>
              send({ type: 'event', event: 'watch:session-report', payload }),
            );
            dispatch = createIpcDispatcher(
              { ...this.handlers, ...own?.handlers },
              (channel, error) =>
                this.logger.error('a call from an attached process failed unexpectedly', {
                  channel,
                  error,
                }),
            );
            send({ type: 'welcome', pid: process.pid });
            stopEvents = this.events((event, payload) => send({ type: 'event', event, payload }));
            return;
          }
          if (message?.type !== 'invoke') return;
          if (this.#closing !== undefined) {
            send({
              type: 'result',
              id: message.id,
              result: {
                ok: false,
                code: 'failed',
                message: 'The Photo Uploader process that owns the data folder is closing.',
              },
            });
            return;
          }
          const call = dispatch(message.channel, message.input, { trusted: true }).then((result) =>
            send({ type: 'result', id: message.id, result }),
          );
          this.#pending.add(call);
          void call.finally(() => {
            this.#pending.delete(call);
            this.#settled?.();
          });
        },
        () => socket.destroy(),
        // Before the token is checked, a caller may not make the owner buffer much.
        () => (welcomed ? MAX_LINE_BYTES : MAX_HELLO_BYTES),
      ),
    );
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clearTimeout(helloTimer);
      stopEvents?.();
      // The connection's watch sessions end with it; the owner is drained only once they have.
      const ending = (own?.close() ?? Promise.resolve()).catch((error: unknown) =>
        this.logger.warn('ending the watch of a closed connection failed', { error }),
      );
      this.#pending.add(ending);
      void ending.finally(() => {
        this.#pending.delete(ending);
        this.#sockets.delete(socket);
        this.#settled?.();
      });
    });
  }
}
