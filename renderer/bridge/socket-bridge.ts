import type { IpcCallInput, UploaderBridge } from '../../shared/ipc/bridge';
import type {
  IpcChannel,
  IpcEvent,
  IpcEventPayloads,
  IpcResult,
  IpcResults,
} from '../../shared/ipc/contract';
import {
  SOCKET_PATH,
  SOCKET_THUMBNAIL_PATH,
  type SocketMessage,
  type SocketRequest,
} from '../../shared/ipc/socket-protocol';

/**
 * The end-to-end builds' bridge: the same `UploaderBridge` as Electron's preload, over the bridge
 * host's loopback WebSocket. The host's token comes in the page's fragment (never sent to a
 * server). Calls made before the socket opens wait for it; a closed socket answers calls with
 * an `offline` failure instead of hanging.
 */
export function createSocketBridge(location: Location): UploaderBridge<File> {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get('token') ?? '';
  const dropRoot = fragment.get('dropRoot');
  const socketUrl = new URL(SOCKET_PATH, location.href);
  socketUrl.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  socketUrl.hash = '';
  socketUrl.searchParams.set('token', token);
  const socket = new WebSocket(socketUrl);
  const opened = new Promise<void>((resolve) => socket.addEventListener('open', () => resolve()));
  const pending = new Map<number, (result: IpcResult<unknown>) => void>();
  const listeners = new Map<IpcEvent, Set<(payload: never) => void>>();
  let nextId = 1;

  socket.addEventListener('message', (message: MessageEvent<string>) => {
    const data = JSON.parse(message.data) as SocketMessage;
    if (data.type === 'result') {
      pending.get(data.id)?.(data.result);
      pending.delete(data.id);
    } else {
      for (const listener of listeners.get(data.event) ?? []) listener(data.payload as never);
    }
  });
  socket.addEventListener('close', () => {
    for (const resolve of pending.values())
      resolve({ ok: false, code: 'offline', message: 'The app core has closed.' });
    pending.clear();
  });

  return {
    async invoke<C extends IpcChannel>(
      channel: C,
      input: IpcCallInput<C>,
    ): Promise<IpcResult<IpcResults[C]>> {
      await opened;
      const id = nextId++;
      const request: SocketRequest = { type: 'invoke', id, channel, input };
      return new Promise((resolve) => {
        pending.set(id, resolve as (result: IpcResult<unknown>) => void);
        socket.send(JSON.stringify(request));
      });
    },
    on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayloads[E]) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    // A browser does not reveal where a dropped file lives. A test that drops files tells the
    // page the folder they stand for (`dropRoot` in the fragment), as the OS would tell Electron.
    pathForFile: (file) => (dropRoot ? `${dropRoot.replace(/\/+$/, '')}/${file.name}` : ''),
    thumbnailUrl: (md5) =>
      `${SOCKET_THUMBNAIL_PATH}/${encodeURIComponent(md5)}.jpg?token=${encodeURIComponent(token)}`,
  };
}
