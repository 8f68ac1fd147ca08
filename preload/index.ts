import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { DroppedFilesResult, IpcCallInput, UploaderBridge } from '../shared/ipc/bridge';
import {
  DROP_CHANNEL,
  eventChannel,
  renditionAddress,
  thumbnailAddress,
} from '../shared/ipc/bridge';
import { type IpcChannel, isIpcChannel, isIpcEvent, isWindowName } from '../shared/ipc/channels';
import { sendPathsInChunks } from '../shared/ipc/chunks';
import type { IpcResult, IpcResults } from '../shared/ipc/contract';

// The whole preload: exposes the typed bridge for the listed channels and events only. No generic
// ipcRenderer reaches the renderer, and no logic lives here. Results and payloads come from main,
// which builds them from the same contract, hence the casts.

type Bridge = UploaderBridge<File>;

const bridge: Bridge = {
  invoke<C extends IpcChannel>(channel: C, input: IpcCallInput<C>) {
    if (!isIpcChannel(channel) || !isWindowName(channel))
      return Promise.resolve({
        ok: false,
        code: 'unknown-channel',
        message: 'This request is not part of the app.',
      } as const);
    return ipcRenderer.invoke(channel, input) as Promise<IpcResult<IpcResults[C]>>;
  },
  on: (event, listener) => {
    if (!isIpcEvent(event) || !isWindowName(event)) return () => undefined;
    const channel = eventChannel(event);
    const wrapped = (_event: Electron.IpcRendererEvent, payload: unknown) =>
      listener(payload as Parameters<typeof listener>[0]);
    ipcRenderer.on(channel, wrapped);
    return () => ipcRenderer.removeListener(channel, wrapped);
  },
  // The paths go straight to main on a channel the renderer cannot invoke: it never names one.
  // A large drop goes in chunks that main joins into one run (no message is unbounded).
  addDroppedFiles: (files, assumedZone) =>
    sendPathsInChunks(
      files.map((file) => webUtils.getPathForFile(file)),
      (chunk) =>
        ipcRenderer.invoke(DROP_CHANNEL, { ...chunk, assumedZone }) as Promise<
          IpcResult<DroppedFilesResult>
        >,
    ),
  thumbnailUrl: thumbnailAddress,
  renditionUrl: renditionAddress,
};

contextBridge.exposeInMainWorld('uploader', bridge);
