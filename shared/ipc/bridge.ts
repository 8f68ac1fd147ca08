import type { IpcChannel, IpcEvent, IpcInput, IpcResult } from './contract';

/**
 * What the preload exposes to the renderer as `window.uploader`, and nothing else. `DroppedFile`
 * is the DOM's `File` on both sides (shared code sees no DOM types).
 */
export type UploaderBridge<DroppedFile> = {
  /** Calls main; never throws across the bridge (see `IpcResult`). */
  invoke<C extends IpcChannel>(channel: C, input: IpcInput<C>): Promise<IpcResult<unknown>>;
  /** Listens to a main → renderer event; returns the function that stops listening. */
  on(event: IpcEvent, listener: (payload: unknown) => void): () => void;
  /** The file-system path of a dropped file (Electron's webUtils), for intake. */
  pathForFile(file: DroppedFile): string;
};

/** The preload's channel name for an event, so events and calls can never collide. */
export const eventChannel = (event: IpcEvent) => `event:${event}`;
