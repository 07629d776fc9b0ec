/** Structured logs: one pino logger for the process, one line per request. */
import type { RequestHandler } from 'express';
import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config';
import { redactUrl } from './redact-url';

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

/**
 * The process logger, writing to stdout asynchronously (pino's `sync: false`): lines logged while
 * a write is in progress go out together in the next one, instead of one write system call per
 * request line on the request's own time. When the process exits, pino writes the lines still
 * queued, but not the one whose write is already in libuv's thread pool: `process.exit` can end
 * the process before that write is done. So the server ends by letting its event loop empty
 * (exitWhenIdle in server/index.ts), and only a process ended outright (SIGKILL, a crash) can
 * lose the lines of its last moment.
 */
export function createLogger(level: LogLevel): Logger {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    pino.destination({ dest: 1, sync: false }),
  );
}

/**
 * One line per request when its answer is sent (or the connection closes first): at info, warn
 * for 4xx, error for 5xx; `req` holds the request id (a counter), method and URL, `res` the
 * status, and `responseTime` the milliseconds. Written here instead of with pino-http, which
 * made a child logger per request and serialised every header (a good part of a request's
 * time under load; headers also carry credentials). Failures are logged with their
 * error by the error handler (error-handler.ts).
 */
/** What the request logger tells `record` of each finished request (the mock's request log). */
export interface RequestRecord {
  id: number;
  method: string;
  /** req.originalUrl: path and query, as sent. */
  url: string;
  status: number;
  /** The answer was sent whole (false: the connection closed first). */
  completed: boolean;
  startedAt: number;
  durationMs: number;
  /** res.locals of the request (where the mock's fault middleware notes the fault it applied). */
  locals: Record<string, unknown>;
}

export function requestLogger(
  logger: Logger,
  record?: (entry: RequestRecord) => void,
): RequestHandler {
  // A request line holds only the fields below (no headers, no body): nothing to redact, so the
  // child skips the redaction pass (a measurable cost per line; the process logger keeps it).
  const child = logger.child({}, { redact: { paths: [] } });
  let lastId = 0;
  return (req, res, next) => {
    lastId = (lastId + 1) % 2_147_483_647;
    const id = lastId;
    const started = Date.now();
    // 'close' comes once per response, after 'finish' when the answer was sent and alone when
    // the connection closed first: one listener instead of two.
    res.on('close', () => {
      const status = res.statusCode;
      record?.({
        id,
        method: req.method,
        url: req.originalUrl,
        status,
        completed: res.writableFinished,
        startedAt: started,
        durationMs: Date.now() - started,
        locals: res.locals,
      });
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!child.isLevelEnabled(level)) return;
      child[level](
        {
          // Secret query values and tokens as `***` (LOG_LEVEL: credentials are never logged).
          req: { id, method: req.method, url: redactUrl(req.originalUrl) },
          res: { statusCode: status },
          responseTime: Date.now() - started,
        },
        res.writableFinished ? 'request completed' : 'request aborted',
      );
    });
    next();
  };
}
