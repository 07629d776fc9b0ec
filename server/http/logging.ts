/** Structured logs: one pino logger for the process, pino-http for one line per request. */
import type { RequestHandler } from 'express';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { LogLevel } from '../config';

/** Never logged: credentials in headers and bodies. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  '*.passwordHash',
  '*.masterToken',
  '*.token',
];

export function createLogger(level: LogLevel): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}

export function requestLogger(logger: Logger): RequestHandler {
  // A child with its own redaction, so a logger passed in by the caller redacts too.
  const child = logger.child({}, { redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
  return pinoHttp({
    logger: child,
    // Status only: helmet's headers on every line would drown the log.
    serializers: { res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }) },
    customLogLevel: (_req, res, error) => {
      if (error !== undefined || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
  });
}
