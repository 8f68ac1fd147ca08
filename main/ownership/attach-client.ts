import { lstat } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import type { IpcCallInput } from '../../shared/ipc/bridge';
import {
  type IpcChannel,
  type IpcEvent,
  type IpcEventPayloads,
  type IpcResult,
  type IpcResults,
} from '../../shared/ipc/contract';
import { isIpcEvent } from '../../shared/ipc/channels';
import { lineReader, type OwnerEndpoint, parseOwnerMessage } from './attach-protocol';
import { type CoreClient, OwnerGoneError } from './core-client';

/**
 * On Unix, refuses a socket that is not this user's own (another local user could have made one
 * where ours is expected). Named pipes have no file to check; their name is random.
 * @throws Error naming the problem.
 */
async function checkSocketOwner(address: string): Promise<void> {
  if (address.startsWith('\\\\.\\pipe\\') || typeof process.getuid !== 'function') return;
  const info = await lstat(address);
  if (!info.isSocket()) throw new Error('the owner address is not a socket');
  if (info.uid !== process.getuid()) throw new Error('the owner socket belongs to another user');
}

type Waiting = { resolve: (result: IpcResult<unknown>) => void; reject: (error: Error) => void };

/**
 * A front end attached to the process that owns the data folder: every call and event goes over
 * the owner's local channel. This process opens neither the queue nor the keychain.
 */
export class AttachClient implements CoreClient {
  readonly kind = 'attached';
  readonly #waiting = new Map<number, Waiting>();
  readonly #listeners = new Map<IpcEvent, Set<(payload: unknown) => void>>();
  #nextId = 1;
  #gone: Error | undefined;
  readonly #goneListeners = new Set<(error: Error) => void>();

  /** Resolves with the owner's pid once it has welcomed this connection. */
  readonly #welcomed: Promise<number>;
  #welcome: ((pid: number) => void) | undefined;
  /** The owner's process id, once welcomed (for messages). */
  ownerPid: number | undefined;

  private constructor(private readonly socket: Socket) {
    this.#welcomed = new Promise((resolve) => (this.#welcome = resolve));
    // One reader for the whole connection: events may follow the welcome in the same read.
    socket.on(
      'data',
      lineReader(
        (line) => this.#receive(line),
        () => socket.destroy(),
      ),
    );
    socket.on('close', () =>
      this.#end(new OwnerGoneError('The process that owns the data folder stopped answering.')),
    );
    socket.on('error', () => socket.destroy());
  }

  /**
   * Connects to the owner described by `endpoint` and presents its token, after checking that
   * the socket belongs to this user (a socket someone else put there never gets the token).
   * @throws Error when nobody listens there, the socket is not ours, or the owner does not
   * welcome us within `timeoutMs`.
   */
  static async connect(endpoint: OwnerEndpoint, timeoutMs: number): Promise<AttachClient> {
    await checkSocketOwner(endpoint.address);
    const socket = connect({ path: endpoint.address });
    const client = new AttachClient(socket);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        new Promise<void>((resolve) => socket.once('connect', resolve)),
        client.untilGone(),
      ]);
      socket.write(`${JSON.stringify({ type: 'hello', token: endpoint.token })}\n`);
      client.ownerPid = await Promise.race([
        client.#welcomed,
        client.untilGone(),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error('the owner did not answer in time')),
            timeoutMs,
          );
        }),
      ]);
      return client;
    } catch (error) {
      socket.destroy();
      throw error instanceof OwnerGoneError ? new Error('the owner closed the connection') : error;
    } finally {
      clearTimeout(timer);
    }
  }

  invoke<C extends IpcChannel>(
    channel: C,
    input: IpcCallInput<C>,
  ): Promise<IpcResult<IpcResults[C]>> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      // The owner builds results from the same contract; the dispatcher there validated them.
      this.#waiting.set(id, {
        resolve: (result) => resolve(result as IpcResult<IpcResults[C]>),
        reject,
      });
      this.socket.write(`${JSON.stringify({ type: 'invoke', id, channel, input })}\n`);
    });
  }

  on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayloads[E]) => void): () => void {
    const listeners = this.#listeners.get(event) ?? new Set();
    this.#listeners.set(event, listeners);
    // Payloads come from the owner's core, built from the same contract.
    const wrapped = (payload: unknown) => listener(payload as IpcEventPayloads[E]);
    listeners.add(wrapped);
    return () => listeners.delete(wrapped);
  }

  /** Disconnects; the owner goes on with its work. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.end();
    });
  }

  #receive(line: string): void {
    const message = parseOwnerMessage(line);
    if (message?.type === 'welcome') {
      this.#welcome?.(message.pid);
      this.#welcome = undefined;
    } else if (message?.type === 'result') {
      const waiting = this.#waiting.get(message.id);
      this.#waiting.delete(message.id);
      // The owner's dispatcher produced this; codes are the contract's.
      waiting?.resolve(message.result as IpcResult<unknown>);
    } else if (message?.type === 'event' && isIpcEvent(message.event)) {
      for (const listener of this.#listeners.get(message.event) ?? []) listener(message.payload);
    }
  }

  untilGone(): Promise<never> {
    return new Promise((_resolve, reject) => {
      if (this.#gone) reject(this.#gone);
      else this.#goneListeners.add(reject);
    });
  }

  #end(error: Error): void {
    this.#gone ??= error;
    for (const listener of this.#goneListeners) listener(error);
    this.#goneListeners.clear();
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }
}
