/**
 * The client's small logger (01 §8 "other response errors are logged and passed on"; §9 "debug
 * logging is on"). Entries go to one sink: the browser console in the built app, nothing under
 * jest (so expected failures in tests do not flood the output). A test that checks what is
 * logged swaps in its own sink with `setLogSink`.
 */

export type LogLevel = 'error' | 'warn' | 'info';

export interface LogEntry {
  level: LogLevel;
  message: string;
  /** Whatever helps to find the cause: the failed call, the error. */
  details?: unknown;
}

export type LogSink = (entry: LogEntry) => void;

export const consoleSink: LogSink = ({ level, message, details }) => {
  const write = level === 'error' ? console.error : level === 'warn' ? console.warn : console.info;
  if (details === undefined) write(message);
  else write(message, details);
};

// webpack writes the mode into process.env.NODE_ENV; jest sets 'test'.
let sink: LogSink | null = process.env.NODE_ENV === 'test' ? null : consoleSink;

/** Replaces the sink (null silences); returns a function that puts the previous one back. */
export function setLogSink(next: LogSink | null): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

function write(level: LogLevel, message: string, details?: unknown): void {
  sink?.(details === undefined ? { level, message } : { level, message, details });
}

export const logger = {
  error: (message: string, details?: unknown) => write('error', message, details),
  warn: (message: string, details?: unknown) => write('warn', message, details),
  info: (message: string, details?: unknown) => write('info', message, details),
};
