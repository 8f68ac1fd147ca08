import type { z } from 'zod';
import type { ipcCalls } from './contract';
import type { IpcChannel, IpcEvent, IpcEventPayloads, IpcResult, IpcResults } from './contract';

/** What the renderer passes: the schema's input (fields with defaults may be left out). */
export type IpcCallInput<C extends IpcChannel> = z.input<(typeof ipcCalls)[C]>;

/**
 * What the preload exposes to the renderer as `window.uploader`, and nothing else. `DroppedFile`
 * is the DOM's `File` on both sides (shared code sees no DOM types).
 */
export type UploaderBridge<DroppedFile> = {
  /** Calls main; never throws across the bridge (see `IpcResult`). */
  invoke<C extends IpcChannel>(
    channel: C,
    input: IpcCallInput<C>,
  ): Promise<IpcResult<IpcResults[C]>>;
  /** Listens to a main → renderer event; returns the function that stops listening. */
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayloads[E]) => void): () => void;
  /**
   * The file-system path of a dropped file (Electron's webUtils), for intake; an empty string
   * where the transport cannot know it.
   */
  pathForFile(file: DroppedFile): string;
  /** Where the window loads the thumbnail of a photo taken in this session (by its MD5). */
  thumbnailUrl(md5: string): string;
};

/** The scheme the app window is served from (never `file://`). */
export const APP_SCHEME = 'app';
/** The scheme thumbnails are served from: by MD5, never by file path. */
export const THUMBNAIL_SCHEME = 'thumb';

/** A thumbnail's address in the Electron app. */
export const thumbnailAddress = (md5: string) => `${THUMBNAIL_SCHEME}://photo/${md5}.jpg`;

/** The preload's channel name for an event, so events and calls can never collide. */
export const eventChannel = (event: IpcEvent) => `event:${event}`;
