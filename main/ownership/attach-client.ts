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

  private constructor(
    private readonly socket: Socket,
    /** The owner's process id, for messages. */
    readonly ownerPid: number,
  ) {
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
   * Connects to the owner described by `endpoint` and presents its token.
   * @throws Error when nobody listens there, or the owner does not welcome us within `timeoutMs`.
   */
  static connect(endpoint: OwnerEndpoint, timeoutMs: number): Promise<AttachClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ path: endpoint.address });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error('the owner did not answer in time'));
      }, timeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        socket.destroy();
        reject(error);
      };
      socket.once('error', fail);
      socket.once('close', () => fail(new Error('the owner closed the connection')));
      socket.once('connect', () =>
        socket.write(`${JSON.stringify({ type: 'hello', token: endpoint.token })}\n`),
      );
      const onData = lineReader(
        (line) => {
          const message = parseOwnerMessage(line);
          if (message?.type !== 'welcome') return fail(new Error('the owner refused us'));
          clearTimeout(timer);
          socket.off('data', onData);
          socket.removeAllListeners('error');
          socket.removeAllListeners('close');
          resolve(new AttachClient(socket, message.pid));
        },
        () => fail(new Error('the owner sent too much')),
      );
      socket.on('data', onData);
    });
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
    if (message?.type === 'result') {
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
