import { printable } from '../../shared/domain/printable-text';
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

/**
 * A sink that writes one readable line per record, for a person at a terminal (the command
 * line's `--verbose`): `warn: cli.auth: refresh failed; will retry later (error: timeout)`.
 * Control characters are shown as escapes. The log file keeps the JSON lines.
 */
export function textLineSink(stream: { write(chunk: string): unknown }): LogSink {
  return (record) => {
    const fields = Object.entries(record.fields).map(
      ([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    );
    const details = fields.length > 0 ? ` (${fields.join(', ')})` : '';
    stream.write(`${printable(`${record.level}: ${record.scope}: ${record.message}${details}`)}\n`);
  };
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
