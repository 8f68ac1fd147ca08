import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { UploaderBridge } from '../shared/ipc/bridge';
import { eventChannel } from '../shared/ipc/bridge';
import { ipcEvents, isIpcChannel } from '../shared/ipc/contract';

// The whole preload: exposes the typed bridge for the listed channels and events only. No generic
// ipcRenderer reaches the renderer, and no logic lives here.

const bridge: UploaderBridge<File> = {
  invoke: (channel, input) => {
    if (!isIpcChannel(channel))
      return Promise.resolve({
        ok: false,
        code: 'unknown-channel',
        message: 'This request is not part of the app.',
      });
    return ipcRenderer.invoke(channel, input) as ReturnType<UploaderBridge<File>['invoke']>;
  },
  on: (event, listener) => {
    if (!(ipcEvents as readonly string[]).includes(event)) return () => undefined;
    const channel = eventChannel(event);
    const wrapped = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => ipcRenderer.removeListener(channel, wrapped);
  },
  pathForFile: (file) => webUtils.getPathForFile(file),
};

contextBridge.exposeInMainWorld('uploader', bridge);
