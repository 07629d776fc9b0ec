/**
 * The absolute form of a request line (RFC 9112 §3.2.2: `GET http://localhost:3000/api/x?y=1
 * HTTP/1.1`, as a client sends it through an HTTP proxy), which a server must accept. Naming this
 * server, it is served as the origin form it names (`/api/x?y=1`), on every route alike: the
 * request log, the faults, forwarding and recordings, the API and the other routes all see the
 * path. Naming another host, it is refused with 400 before any route, and nothing is served or
 * forwarded: this server answers for itself only, and the developer tools' forwarding is never a
 * proxy to the host a call names. Other request lines (`*`, a path) pass as they are.
 *
 * This server is the host named when the name is the address the connection came in on (an IP
 * literal; on a loopback connection also `localhost`, `127.0.0.1` or `[::1]`) with the port it
 * came in on, and the scheme is that of the connection. The `Host` header does not decide it: a
 * proxy's client sends the host it wants there too.
 */
import net from 'node:net';
import type { Socket } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { ERROR_CODE } from '@contracts/api/constants';
import { HttpError } from './errors';

/** `scheme://authority` and the rest as sent; the authority ends where a URL parser ends it. */
const ABSOLUTE_FORM = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#\\]*)(.*)$/s;

/** How a loopback connection may name this server: the same machine, under any of them. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The host names a connection came in under: its local address, and the loopback names on one. */
function ownHostNames(localAddress: string | undefined): string[] {
  if (localAddress === undefined) return [];
  const mapped = localAddress.toLowerCase().startsWith('::ffff:') ? localAddress.slice(7) : '';
  const address = net.isIPv4(mapped) ? mapped : localAddress;
  if (net.isIPv4(address)) {
    return address.startsWith('127.') ? [address, ...LOOPBACK_NAMES] : [address];
  }
  if (!net.isIPv6(address)) return [];
  if (address === '::1') return LOOPBACK_NAMES;
  // As URL writes it (compressed, in brackets); one with a zone (`%eth0`) is never in a URL.
  try {
    return [new URL(`http://[${address}]`).hostname];
  } catch {
    return [];
  }
}

/**
 * The origin form (path and query, as sent) of an absolute-form request target naming this
 * server over `socket`; undefined for one naming another host, or one that is not an absolute
 * URL.
 */
export function ownOriginForm(target: string, socket: Socket): string | undefined {
  const parts = ABSOLUTE_FORM.exec(target);
  if (parts === null) return undefined;
  const [, scheme = '', authority = '', rest = ''] = parts;
  const tls = 'encrypted' in socket && socket.encrypted === true;
  if (scheme.toLowerCase() !== (tls ? 'https' : 'http')) return undefined;
  let named: URL;
  try {
    named = new URL(`${scheme}://${authority}`);
  } catch {
    return undefined;
  }
  // User information names nobody this server knows (RFC 9110 §4.2.4 forbids it here).
  if (named.username !== '' || named.password !== '') return undefined;
  const port = named.port === '' ? (tls ? 443 : 80) : Number(named.port);
  if (port !== socket.localPort) return undefined;
  if (!ownHostNames(socket.localAddress).includes(named.hostname)) return undefined;
  if (rest === '') return '/';
  if (rest.startsWith('?')) return `/${rest}`;
  return rest.startsWith('/') ? rest : undefined;
}

/**
 * Serves an absolute-form request line naming this server as its origin form, and refuses one
 * naming another host (see the module comment) with 400 and `refusal(req)`'s message.
 */
export function requestTarget(refusal: (req: Request) => string): RequestHandler {
  return (req, _res, next) => {
    if (req.url.startsWith('/') || !ABSOLUTE_FORM.test(req.url)) {
      next();
      return;
    }
    const origin = ownOriginForm(req.url, req.socket);
    if (origin === undefined) {
      next(new HttpError(400, ERROR_CODE.VALIDATION, refusal(req)));
      return;
    }
    // Both: every reader of the path (the routes, the request log, the recordings) sees the
    // origin form, as if it had been sent so.
    req.url = origin;
    req.originalUrl = origin;
    next();
  };
}
