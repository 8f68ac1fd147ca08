import { Redactor } from './redactor';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One log record, already redacted. */
export type LogRecord = {
  readonly time: string;
  readonly level: LogLevel;
  readonly scope: string;
  readonly message: string;
  readonly fields: Readonly<Record<string, unknown>>;
};

/** Where records go: a file, stderr, or a test's array. */
export type LogSink = (record: LogRecord) => void;

/**
 * A scoped logger. Log ids, counts and status codes; never tokens, codes, secrets, full photo
 * paths or GPS positions. Secrets that reach it anyway are masked by the shared `Redactor`.
 */
export interface Logger {
  debug(message: string, fields?: Readonly<Record<string, unknown>>): void;
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void;
  error(message: string, fields?: Readonly<Record<string, unknown>>): void;
  /** A logger for a narrower scope, e.g. `auth` → `auth.refresh`. */
  child(scope: string): Logger;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Makes the root logger of a process. */
export function createLogger(options: {
  readonly sink: LogSink;
  readonly redactor: Redactor;
  readonly level?: LogLevel;
  readonly scope?: string;
}): Logger {
  const minimum = ORDER[options.level ?? 'info'];
  const make = (scope: string): Logger => {
    const write = (
      level: LogLevel,
      message: string,
      fields: Readonly<Record<string, unknown>> = {},
    ) => {
      if (ORDER[level] < minimum) return;
      options.sink({
        time: new Date().toISOString(),
        level,
        scope,
        message: options.redactor.text(message),
        fields: options.redactor.fields(fields),
      });
    };
    return {
      debug: (message, fields) => write('debug', message, fields),
      info: (message, fields) => write('info', message, fields),
      warn: (message, fields) => write('warn', message, fields),
      error: (message, fields) => write('error', message, fields),
      child: (name) => make(`${scope}.${name}`),
    };
  };
  return make(options.scope ?? 'app');
}

/** A sink that writes one JSON line per record to a stream (stderr for the command line). */
export function jsonLineSink(stream: { write(chunk: string): unknown }): LogSink {
  return (record) => stream.write(`${JSON.stringify(record)}\n`);
}

/** A logger that drops everything (for callers that have nothing to say). */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger,
};

export { Redactor };
