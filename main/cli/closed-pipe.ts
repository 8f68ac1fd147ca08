/** Whether `error` is a write to a pipe whose reader has gone (`… | head`). */
export function isClosedPipe(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EPIPE';
}

/**
 * Calls `end` (once) when a write to `stream` fails because its reader went away, as when the
 * output is piped to `head`: the command has no one left to tell, so it ends quietly instead of
 * dying on an unhandled `error` event with a stack trace. Any other error is thrown as before.
 */
export function quietOnClosedPipe(
  stream: { on(event: 'error', listener: (error: Error) => void): unknown },
  end: () => void,
): void {
  let ended = false;
  stream.on('error', (error) => {
    if (!isClosedPipe(error)) throw error;
    if (ended) return;
    ended = true;
    end();
  });
}
