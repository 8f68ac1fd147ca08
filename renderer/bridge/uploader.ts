import type { UploaderBridge } from '../../shared/ipc/bridge';
import { createSocketBridge } from './socket-bridge';

declare global {
  interface Window {
    /** Exposed by the preload in the Electron app. */
    readonly uploader?: UploaderBridge<File>;
  }
  /** Set by the bundler: true only in end-to-end builds, which talk to the bridge host. */
  const __SOCKET_BRIDGE__: boolean;
}

/** Thrown when the window runs outside the app (no preload, not an end-to-end build). */
export class NoBridgeError extends Error {
  override readonly name = 'NoBridgeError';
}

/** The bridge to main: the preload's in the app, the bridge host's socket in end-to-end builds. */
export function connectBridge(): UploaderBridge<File> {
  // The constant is replaced at build time, so app builds carry no socket code at all.
  if (__SOCKET_BRIDGE__) return createSocketBridge(window.location);
  if (window.uploader === undefined)
    throw new NoBridgeError('This page runs only inside Photo Uploader.');
  return window.uploader;
}
