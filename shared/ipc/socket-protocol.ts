import type { IpcChannel, IpcEvent, IpcResult } from './contract';

// The wire format of the end-to-end bridge: the same calls and events as Electron's IPC, as JSON
// messages over a loopback WebSocket. Only test builds of the renderer speak it.

/**
 * Renderer → host: one call, or a drop of `files` items (the host, playing the OS, knows where
 * they live; the page never names a path).
 */
export type SocketRequest =
  | {
      readonly type: 'invoke';
      readonly id: number;
      readonly channel: IpcChannel;
      readonly input: unknown;
    }
  | {
      readonly type: 'drop';
      readonly id: number;
      readonly files: number;
      readonly assumedZone: string;
    };

/** Host → renderer: a call's result, or an event. */
export type SocketMessage =
  | { readonly type: 'result'; readonly id: number; readonly result: IpcResult<unknown> }
  | { readonly type: 'event'; readonly event: IpcEvent; readonly payload: unknown };

/** The path the host accepts the WebSocket on; the token goes in the `token` query parameter. */
export const SOCKET_PATH = '/bridge';
/** The path thumbnails are served from by the host (`/thumbnails/<md5>.jpg?token=`). */
export const SOCKET_THUMBNAIL_PATH = '/thumbnails';
/**
 * The path the host serves a service photo's rendition from (`/renditions/<photo id>?token=`),
 * fetched by the core: the page's image policy allows only the host's own origin.
 */
export const SOCKET_RENDITION_PATH = '/renditions';
