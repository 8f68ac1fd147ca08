import { isAbsolute } from 'node:path';
import type { WatchSessionReport } from '../../shared/ipc/contract';
import { words } from '../../shared/i18n/words';
import { type IpcHandlers, IpcFailure } from '../../shared/ipc/dispatcher';
import { checkDescriptionTemplate } from '../core/handler-input-checks';
import type { CoreWatchers } from './core-watchers';

/** The calls of a command line's watch session. */
export type WatchSessionHandlers = Pick<IpcHandlers, 'watch:session-start' | 'watch:session-stop'>;

/**
 * The session calls of a handler map that serves no connection of its own (the window's, and the
 * shared command-line map): refused. The window never names folders to watch (Trust boundaries);
 * a command line's sessions are served per connection (`watchSessionsOfConnection`).
 */
export function refusedWatchSessionHandlers(kind: 'window' | 'command-line'): WatchSessionHandlers {
  const refuse = () =>
    Promise.reject(
      new IpcFailure(
        'failed',
        words(
          kind === 'window' ? 'error.watch.windowCannotWatch' : 'error.watch.sessionNeedsOwner',
        ),
      ),
    );
  return { 'watch:session-start': refuse, 'watch:session-stop': refuse };
}

/**
 * The watch sessions of one connection to the owner (an attached command line, or the owning
 * command line itself): its folders are watched in the owner's `CoreWatchers` as temporary
 * rules, never saved, and their reports go to this connection only. `close` (the connection
 * ended) ends every session it started.
 */
export function watchSessionsOfConnection(
  watchers: CoreWatchers,
  send: (report: WatchSessionReport) => void,
): { readonly handlers: WatchSessionHandlers; close(): Promise<void> } {
  const mine = new Set<number>();
  let closed = false;
  return {
    handlers: {
      'watch:session-start': async (input) => {
        const relative = input.rules.find((rule) => !isAbsolute(rule.path));
        if (relative !== undefined)
          throw new IpcFailure('bad-input', words('error.watch.notAbsolute'));
        for (const rule of input.rules) checkDescriptionTemplate(rule.descriptionTemplate);
        if (closed) throw new IpcFailure('failed', words('error.watch.connectionEnded'));
        const sessionId = await watchers.startSession(
          input.rules,
          Math.round(input.settleSeconds * 1000),
          (id, report) => send({ sessionId: id, report }),
        );
        mine.add(sessionId);
        return { sessionId };
      },
      'watch:session-stop': async (input) => {
        if (!mine.delete(input.sessionId)) return { stopped: false };
        await watchers.endSession(input.sessionId);
        return { stopped: true };
      },
    },
    async close() {
      closed = true;
      const ending = [...mine];
      mine.clear();
      for (const id of ending) await watchers.endSession(id);
    },
  };
}
