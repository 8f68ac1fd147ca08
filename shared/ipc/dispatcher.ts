import {
  type IpcChannel,
  type IpcErrorCode,
  type IpcInput,
  type IpcResult,
  type IpcResults,
  ipcCalls,
  isIpcChannel,
} from './contract';

/** A handler for every channel, no more and no fewer (checked at compile time). */
export type IpcHandlers = {
  readonly [C in IpcChannel]: (input: IpcInput<C>) => Promise<IpcResults[C]>;
};

/** An error a handler throws on purpose, with the code the renderer acts on. */
export class IpcFailure extends Error {
  override readonly name = 'IpcFailure';

  constructor(
    readonly code: IpcErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Where a call came from, as the transport knows it. */
export type IpcSender = { readonly trusted: boolean };

/**
 * Turns the handler map into the one function every transport calls (Electron's `ipcMain.handle`,
 * the end-to-end bridge host's WebSocket): it refuses unknown channels and untrusted senders,
 * validates the input with the channel's schema, and turns every error into `{ok: false, code,
 * message}`: a handler's stack or internals never cross the bridge.
 */
export function createIpcDispatcher(
  handlers: IpcHandlers,
  onUnexpected: (channel: string, error: unknown) => void = () => undefined,
) {
  return async (
    channel: unknown,
    rawInput: unknown,
    sender: IpcSender,
  ): Promise<IpcResult<unknown>> => {
    if (!isIpcChannel(channel))
      return {
        ok: false,
        code: 'unknown-channel',
        message: 'This request is not part of the app.',
      };
    if (!sender.trusted)
      return {
        ok: false,
        code: 'untrusted-sender',
        message: 'This request did not come from the app window.',
      };
    const parsed = ipcCalls[channel].safeParse(rawInput ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        code: 'bad-input',
        message: parsed.error.issues
          .map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`)
          .join('; '),
      };
    }
    try {
      const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      if (error instanceof IpcFailure)
        return { ok: false, code: error.code, message: error.message };
      onUnexpected(channel, error);
      return { ok: false, code: 'failed', message: 'Something went wrong; it has been logged.' };
    }
  };
}
