/**
 * A small HTTP load balancer for tests: each request goes to the next target in rotation, with
 * the client's address appended to X-Forwarded-For (the APIs behind it
 * run with TRUST_PROXY=true). It names the target that answered in `X-Upstream`, a header of the
 * proxy's own, and answers 502 (`X-Proxy-Error`) when the target fails mid-request. Answers are
 * streamed; request bodies are read whole first and sent in one write, as nginx does by default
 * (proxy_request_buffering): streamed, a body the target refuses early (413, then it closes the
 * connection) broke the write before the refusal was read, and became a 502.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyTarget {
  name: string;
  port: number;
}

/** A request the target never finished answering (its process was killed, say). */
interface ProxyCut {
  /** Date.now() when the proxy saw it fail. */
  at: number;
  target: string;
  method: string;
  path: string;
  error: string;
}

export interface RoundRobinProxy {
  readonly base: string;
  /** Requests each target answered (a status line reached the client). */
  answeredBy(): ReadonlyMap<string, number>;
  cuts(): readonly ProxyCut[];
  close(): Promise<void>;
}

export const UPSTREAM_HEADER = 'x-upstream';
export const PROXY_ERROR_HEADER = 'x-proxy-error';

/** `targets` is asked on every request: the ones in rotation now. */
export async function startRoundRobinProxy(targets: () => readonly ProxyTarget[]): Promise<RoundRobinProxy> {
  // A connection per request: a kept-alive one may be closed by the target just as it is reused, which would look like a failure.
  const agent = new http.Agent({ keepAlive: false });
  const answered = new Map<string, number>();
  const cuts: ProxyCut[] = [];
  let next = 0;

  const server = http.createServer((request, response) => {
    const rotation = targets();
    if (rotation.length === 0) {
      response.writeHead(502, { [PROXY_ERROR_HEADER]: 'no-target', 'content-type': 'application/json' }).end('{"error":"bad_gateway"}');
      return;
    }
    const target = rotation[next++ % rotation.length]!;
    const client = request.socket.remoteAddress ?? '127.0.0.1';
    const forwarded = request.headers['x-forwarded-for'];
    const fail = (error: Error) => {
      cuts.push({ at: Date.now(), target: target.name, method: request.method ?? '', path: request.url ?? '', error: error.message });
      if (!response.headersSent) {
        response
          .writeHead(502, { [PROXY_ERROR_HEADER]: 'upstream-failed', [UPSTREAM_HEADER]: target.name, 'content-type': 'application/json' })
          .end('{"error":"bad_gateway"}');
      } else {
        response.destroy(error);
      }
    };
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', () => response.destroy());
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const { 'transfer-encoding': chunked, ...rest } = request.headers;
      const headers = {
        ...rest,
        'x-forwarded-for': forwarded ? `${String(forwarded)}, ${client}` : client,
        ...(chunked !== undefined || body.length > 0 ? { 'content-length': String(body.length) } : {}),
      };
      const upstream = http.request({ host: '127.0.0.1', port: target.port, method: request.method, path: request.url, headers, agent }, (answer) => {
        answered.set(target.name, (answered.get(target.name) ?? 0) + 1);
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, [UPSTREAM_HEADER]: target.name });
        answer.pipe(response);
        answer.on('aborted', () => fail(new Error('the answer was cut short')));
      });
      upstream.on('error', fail);
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    answeredBy: () => answered,
    cuts: () => cuts,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
