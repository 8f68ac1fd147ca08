import { englishFor, words } from '../../shared/i18n/words';
import type { DroppedFilesResult, IpcCallInput, UploaderBridge } from '../../shared/ipc/bridge';
import type {
  IpcChannel,
  IpcEvent,
  IpcEventPayloads,
  IpcResult,
  IpcResults,
} from '../../shared/ipc/contract';
import {
  SOCKET_PATH,
  SOCKET_RENDITION_PATH,
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
    // Said in the window's language, as main's own failures are.
    const closed = words('error.appClosed');
    for (const resolve of pending.values())
      resolve({ ok: false, code: 'offline', message: englishFor(closed), words: closed });
    pending.clear();
  });

  const send = async <T>(request: (id: number) => SocketRequest): Promise<IpcResult<T>> => {
    await opened;
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve as (result: IpcResult<unknown>) => void);
      socket.send(JSON.stringify(request(id)));
    });
  };

  return {
    invoke: <C extends IpcChannel>(channel: C, input: IpcCallInput<C>) =>
      send<IpcResults[C]>((id) => ({ type: 'invoke', id, channel, input })),
    on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayloads[E]) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    // A browser does not reveal where a dropped file lives: the host, told by the test as the OS
    // would tell Electron, takes in the drop's paths. The page sends only how many items fell.
    addDroppedFiles: (files, assumedZone) =>
      send<DroppedFilesResult>((id) => ({
        type: 'drop',
        id,
        files: files.length,
        assumedZone,
      })),
    thumbnailUrl: (md5) =>
      `${SOCKET_THUMBNAIL_PATH}/${encodeURIComponent(md5)}.jpg?token=${encodeURIComponent(token)}`,
    renditionUrl: (photoId) =>
      `${SOCKET_RENDITION_PATH}/${encodeURIComponent(photoId)}?token=${encodeURIComponent(token)}`,
  };
}
