import {
  type IpcChannel,
  type IpcErrorCode,
  type IpcInput,
  type IpcResult,
  type IpcResults,
  ipcCalls,
  isIpcChannel,
} from './contract';
import type { Words } from '../i18n/translator';
import { issueGivenWords, issueProblem } from '../i18n/issue-words';
import { englishFor, shortened, words } from '../i18n/words';
import type { z } from 'zod';

/** A handler for every channel, no more and no fewer (checked at compile time). */
export type IpcHandlers = {
  readonly [C in IpcChannel]: (input: IpcInput<C>) => Promise<IpcResults[C]>;
};

/**
 * An error a handler throws on purpose, with the code the renderer acts on. Given {@link Words},
 * the window says it in its language and `message` is the English (for the logs and the command
 * line); given a sentence, every front end shows that sentence as it is.
 */
export class IpcFailure extends Error {
  override readonly name = 'IpcFailure';
  /** What to say, in any language: set when the failure was given as words. */
  readonly words: Words | undefined;

  constructor(
    readonly code: IpcErrorCode,
    reason: Words | string,
  ) {
    super(typeof reason === 'string' ? reason : englishFor(reason));
    this.words = typeof reason === 'string' ? undefined : reason;
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
      return failedResult('unknown-channel', words('error.unknownChannel'));
    if (!sender.trusted) return failedResult('untrusted-sender', words('error.untrustedSender'));
    const parsed = ipcCalls[channel].safeParse(rawInput ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        code: 'bad-input',
        // A check that says what the user typed wrong gives its words with its issue (see
        // `secureAddressSchema`); any other issue is said generically, naming its field, in the
        // window's language. The details stay English, for the logs.
        words: issueWords(parsed.error.issues),
        message: parsed.error.issues
          .map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`)
          .join('; '),
      };
    }
    try {
      const handler = handlers[channel] as (input: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) };
    } catch (error) {
      if (error instanceof IpcFailure) return resultOfFailure(error);
      onUnexpected(channel, error);
      return failedResult('failed', words('error.unexpected'));
    }
  };
}

/** A call's failure as its result: the words, and their English (the command line's and logs'). */
export function failedResult(code: IpcErrorCode, said: Words): IpcResult<never> {
  return { ok: false, code, words: said, message: englishFor(said) };
}

/** What a handler's `IpcFailure` is across the bridge: its code, English and words if given. */
export function resultOfFailure(error: IpcFailure): IpcResult<never> {
  return {
    ok: false,
    code: error.code,
    message: error.message,
    ...(error.words === undefined ? {} : { words: error.words }),
  };
}

/**
 * The words the first issue that carries some gives (`params.words`), checked as any words are;
 * else the first issue said generically: which field, and whether it is too long, too short,
 * missing or not one of the choices.
 */
function issueWords(issues: readonly z.core.$ZodIssue[]): Words {
  for (const issue of issues) {
    const given = issueGivenWords(issue);
    if (given !== undefined) return given;
  }
  const first = issues[0];
  if (first === undefined || first.path.length === 0) return words('error.badInput');
  return words('error.input.invalid', {
    // A record's keys are the caller's: the field's name is kept short.
    field: shortened(first.path.map(String).join('.')),
    problem: issueProblem(first),
  });
}
