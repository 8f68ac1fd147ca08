import type { z } from 'zod';
import type { ipcCalls } from './contract';
import type { IpcChannel, IpcEvent, IpcEventPayloads, IpcResult, IpcResults } from './contract';
import type { SetupResultView } from './views';

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
   * Takes in files and folders dropped on the window. The transport finds where they live (the
   * preload through Electron's webUtils) and hands that to main on a channel of its own, so the
   * renderer never names a path; main records them as granted and starts an intake.
   */
  addDroppedFiles(
    files: readonly DroppedFile[],
    assumedZone: string,
  ): Promise<IpcResult<DroppedFilesResult>>;
  /** Where the window loads the thumbnail of a photo taken in this session (by its MD5). */
  thumbnailUrl(md5: string): string;
  /**
   * Where the window loads the service's rendition of a listed photo (by its id, when its view
   * says `hasThumbnail`): main fetches it, so the window's image policy needs no remote origin.
   */
  renditionUrl(photoId: string): string;
};

/**
 * What a drop started: the intake's run (null when nothing could be located, or the drop was a
 * setup file), how many dropped items had no place on disk the transport could find, and, when
 * the drop was a lone setup file, what opening it came to (issue 23).
 */
export type DroppedFilesResult = {
  readonly runId: number | null;
  readonly unlocated: number;
  readonly setup?: SetupResultView;
};

/**
 * The preload's private channel for dropped files: not in `ipcChannels`, so the renderer's
 * `invoke` cannot reach it; only the preload's `addDroppedFiles` sends on it.
 */
export const DROP_CHANNEL = 'window:dropped-files';

/** The scheme the app window is served from (never `file://`). */
export const APP_SCHEME = 'app';
/** The scheme thumbnails are served from: by MD5, never by file path. */
export const THUMBNAIL_SCHEME = 'thumb';

/** A thumbnail's address in the Electron app. */
export const thumbnailAddress = (md5: string) => `${THUMBNAIL_SCHEME}://photo/${md5}.jpg`;

/** The address of a service photo's rendition in the Electron app, served by main. */
export const renditionAddress = (photoId: string) =>
  `${THUMBNAIL_SCHEME}://service/${encodeURIComponent(photoId)}`;

/** The preload's channel name for an event, so events and calls can never collide. */
export const eventChannel = (event: IpcEvent) => `event:${event}`;
