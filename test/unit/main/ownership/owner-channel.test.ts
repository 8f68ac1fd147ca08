import { spawn } from 'node:child_process';
import { chown, mkdtemp, readFile, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/logging/logger';
import { AttachClient } from '../../../../main/ownership/attach-client';
import { endpointSchema, lineReader } from '../../../../main/ownership/attach-protocol';
import { OwnerGoneError } from '../../../../main/ownership/core-client';
import { FileLock, LockTimeoutError } from '../../../../main/ownership/file-lock';
import { OwnerServer } from '../../../../main/ownership/owner-server';
import { ipcChannels } from '../../../../shared/ipc/channels';
import type { IpcEvent, IpcEventPayloads } from '../../../../shared/ipc/contract';
import type { IpcHandlers } from '../../../../shared/ipc/dispatcher';
import { needs } from '../../../support/platform-needs';

const needsFileModes = needs('file-modes');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('FileLock', () => {
  it('has one holder at a time and is free again once released', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'lock-')), 'owner.lock');
    const first = FileLock.tryAcquire(file);
    expect(first?.held).toBe(true);
    expect(FileLock.tryAcquire(file)).toBeUndefined();
    await expect(FileLock.acquire(file, { timeoutMs: 200 })).rejects.toBeInstanceOf(
      LockTimeoutError,
    );
    const waiting = FileLock.acquire(file, { timeoutMs: 5000 });
    first?.release();
    const second = await waiting;
    expect(second.held).toBe(true);
    second.release();
  });

  it('is released by the operating system when its holder is killed with SIGKILL', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'lock-')), 'owner.lock');
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `const { FileLock } = await import(${JSON.stringify(new URL('../../../../main/ownership/file-lock.ts', import.meta.url).pathname)});
         FileLock.tryAcquire(${JSON.stringify(file)}); console.log('held'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    expect(FileLock.tryAcquire(file)).toBeUndefined();
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('close', resolve));
    const taken = FileLock.tryAcquire(file);
    expect(taken?.held).toBe(true);
    taken?.release();
  });
});

/** Handlers that answer `session:get` and hold `queue:sync` until released. */
function testHandlers() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const handlers = Object.fromEntries(
    ipcChannels.map((channel) => [channel, () => Promise.reject(new Error(`no ${channel}`))]),
  ) as unknown as Record<string, (input: unknown) => Promise<unknown>>;
  handlers['session:get'] = () => Promise.resolve({ state: 'signed-out' });
  handlers['queue:sync'] = async () => {
    await held;
    return { ended: 'idle' };
  };
  return { handlers: handlers as unknown as IpcHandlers, release };
}

type Listener = <E extends IpcEvent>(event: E, payload: IpcEventPayloads[E]) => void;

async function startOwner() {
  const dir = await mkdtemp(join(tmpdir(), 'owner-'));
  const { handlers, release } = testHandlers();
  const listeners = new Set<Listener>();
  const server = await OwnerServer.start({
    plan: { kind: 'socket', path: join(dir, 'owner.sock') },
    runtimeDir: dir,
    endpointFile: join(dir, 'owner.json'),
    handlers,
    events: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    logger: silentLogger,
  });
  cleanups.push(() => server.close());
  const endpoint = endpointSchema.parse(
    JSON.parse(await readFile(join(dir, 'owner.json'), 'utf8')),
  );
  const emit: Listener = (event, payload) => {
    for (const listener of listeners) listener(event, payload);
  };
  return { dir, server, endpoint, release, emit };
}

describe('the owner channel', () => {
  it.skipIf(needsFileModes.skip)(
    needsFileModes.title('is readable by this user only: endpoint file and socket are 0600'),
    async () => {
      const { dir } = await startOwner();
      expect((await stat(join(dir, 'owner.json'))).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'owner.sock'))).mode & 0o777).toBe(0o600);
    },
  );

  it('closes a connection that does not present the token, and answers one that does', async () => {
    const { endpoint, emit } = await startOwner();
    const refused = await new Promise<string>((resolve) => {
      const socket = connect({ path: endpoint.address });
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('connect', () =>
        socket.write(`${JSON.stringify({ type: 'hello', token: 'not-the-token' })}\n`),
      );
      socket.on('close', () => resolve(received));
    });
    expect(refused).toBe('');
    await expect(
      AttachClient.connect({ ...endpoint, token: endpoint.token.replace(/.$/, '_') }, 2000),
    ).rejects.toThrow();

    const client = await AttachClient.connect(endpoint, 2000);
    cleanups.push(() => client.close());
    expect(await client.invoke('session:get', {})).toEqual({
      ok: true,
      value: { state: 'signed-out' },
    });
    // The same dispatcher as the window: input is checked against the contract.
    expect(await client.invoke('queue:cancel', { itemId: -1 })).toMatchObject({
      ok: false,
      code: 'bad-input',
    });
    const events: unknown[] = [];
    client.on('queue:changed', (payload) => events.push(payload));
    emit('queue:changed', {
      items: [],
      progress: undefined as never,
      condition: 'idle',
      pausedAll: false,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toHaveLength(1);
  });

  it('waits, before it closes, for attached processes to get their answers and go', async () => {
    const { server, endpoint, release } = await startOwner();
    const client = await AttachClient.connect(endpoint, 2000);
    const sync = client.invoke('queue:sync', {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    let drained = false;
    const draining = server.drain().then(() => (drained = true));
    release();
    expect(await sync).toEqual({ ok: true, value: { ended: 'idle' } });
    // Still attached (it may be waiting for events): the owner stays.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(drained).toBe(false);
    await client.close();
    await draining;
    expect(drained).toBe(true);
  });

  it('tells an attached process when the owner is gone', async () => {
    const { server, endpoint } = await startOwner();
    const client = await AttachClient.connect(endpoint, 2000);
    const gone = client.untilGone().catch((error: unknown) => error);
    await server.close();
    expect(await gone).toBeInstanceOf(OwnerGoneError);
    await expect(client.invoke('session:get', {})).rejects.toBeInstanceOf(OwnerGoneError);
  });
});

describe('the owner channel, at its edges', () => {
  it('decodes a character split between two reads whole', () => {
    const lines: string[] = [];
    const read = lineReader(
      (line) => lines.push(line),
      () => undefined,
    );
    const bytes = Buffer.from('{"path":"снимок-é.jpg"}\n');
    const cut = bytes.indexOf(Buffer.from('é')) + 1; // inside the two bytes of é
    read(bytes.subarray(0, cut));
    read(bytes.subarray(cut));
    expect(lines).toEqual(['{"path":"снимок-é.jpg"}']);
  });

  it.skipIf(needsFileModes.skip)(
    needsFileModes.title(
      'makes a fresh private folder for the socket when the data folder path is too long',
    ),
    async () => {
      const runtime = await mkdtemp(join(tmpdir(), 'runtime-'));
      const dir = await mkdtemp(join(tmpdir(), 'owner-'));
      const { handlers } = testHandlers();
      const server = await OwnerServer.start({
        plan: { kind: 'private-socket' },
        runtimeDir: runtime,
        endpointFile: join(dir, 'owner.json'),
        handlers,
        events: () => () => undefined,
        logger: silentLogger,
      });
      const endpoint = endpointSchema.parse(
        JSON.parse(await readFile(join(dir, 'owner.json'), 'utf8')),
      );
      expect(dirname(endpoint.address).startsWith(join(runtime, 'photo-uploader-'))).toBe(true);
      expect((await stat(dirname(endpoint.address))).mode & 0o777).toBe(0o700);
      const client = await AttachClient.connect(endpoint, 2000);
      expect((await client.invoke('session:get', {})).ok).toBe(true);
      await client.close();
      await server.close();
      await expect(stat(dirname(endpoint.address))).rejects.toThrow();
    },
  );

  it("never presents the token to a socket that is not this user's", async () => {
    const { endpoint } = await startOwner();
    // Someone else's socket where ours is expected (root can hand it to another user here).
    await chown(endpoint.address, 4242, 4242);
    await expect(AttachClient.connect(endpoint, 2000)).rejects.toThrow(/another user/);
  });

  it('cuts a caller that sends a long line before presenting the token', async () => {
    const { endpoint } = await startOwner();
    const closed = await new Promise<boolean>((resolve) => {
      const socket = connect({ path: endpoint.address });
      socket.on('connect', () => socket.write('x'.repeat(64 * 1024)));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(true));
    });
    expect(closed).toBe(true);
  });

  it('answers calls that arrive while it closes with a plain refusal', async () => {
    const { server, endpoint, release } = await startOwner();
    const client = await AttachClient.connect(endpoint, 2000);
    const sync = client.invoke('queue:sync', {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = server.close();
    const late = await client.invoke('session:get', {});
    expect(late.ok).toBe(false);
    expect(late.ok ? '' : late.message).toContain('closing');
    release();
    expect((await sync).ok).toBe(true);
    await closing;
  });
});
