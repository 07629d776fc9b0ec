import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom lacks TextEncoder (react-router 7), fetch/Request/Response/Headers/FormData (RTK Query),
 * and Node's Request does not resolve relative URLs. Copy Node's globals in and resolve relative
 * URLs against the page's location so the real API code runs unchanged in tests.
 */
export default class PortalJsdomEnvironment extends JSDOMEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    const g = this.global as unknown as Record<string, unknown>;
    const win = this.global as unknown as Window;
    g.TextEncoder = TextEncoder;
    g.TextDecoder = TextDecoder;
    g.structuredClone = structuredClone;
    g.ReadableStream = ReadableStream;
    g.TransformStream = TransformStream;
    g.WritableStream = WritableStream;
    g.AbortController = AbortController;
    g.AbortSignal = AbortSignal;
    g.Headers = Headers;
    g.Response = Response;
    g.Blob = Blob;
    g.FormData = FormData;
    g.File = File;
    g.setImmediate = setImmediate;
    // jsdom has no layout, and says "Not implemented" to window.scrollTo (react-router's
    // ScrollRestoration calls it): scrolling does nothing here.
    win.scrollTo = () => undefined;
    g.clearImmediate = clearImmediate;
    const resolve = (input: string | URL): string =>
      new URL(String(input), win.location.href).toString();
    const NodeRequest = Request;
    class RelativeRequest extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' || input instanceof URL ? resolve(input) : input, init);
      }
    }
    g.Request = RelativeRequest;
    g.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
      fetch(typeof input === 'string' || input instanceof URL ? resolve(input) : input, init);
  }
}
