import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { completeAnswer, KeepAliveConnection } from './keep-alive-connection.js';

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function listening(server: http.Server | net.Server): Promise<URL> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`);
}

/** Answers /length/<n> with n bytes and a Content-Length, /chunked/<n> with n bytes in chunks, /close/ and /drop/ (see there), /status/<s> with that status. */
function site(): http.Server {
  return http.createServer((request, response) => {
    const [, kind, value] = request.url!.split('/');
    const n = Number(value);
    if (kind === 'length') return response.writeHead(200, { 'content-length': n }).end(Buffer.alloc(n, 'x'));
    if (kind === 'chunked') {
      for (let sent = 0; sent < n; sent += 1000) response.write(Buffer.alloc(Math.min(1000, n - sent), 'y'));
      return response.end();
    }
    if (kind === 'close') return response.writeHead(200, { connection: 'close', 'content-length': 2 }).end('ok');
    // A keep-alive answer, then the connection dropped while idle, as a server's keep-alive timeout does.
    if (kind === 'drop') return response.writeHead(200, { 'content-length': 2 }).end('ok', () => setTimeout(() => request.socket.destroy(), 20));
    response.writeHead(n).end();
  });
}

describe('a keep-alive connection', () => {
  it('reads answers of every framing one after another on one connection, with their statuses', async () => {
    const server = site();
    let connections = 0;
    server.on('connection', () => connections++);
    const connection = new KeepAliveConnection(await listening(server), 5000);
    expect(await connection.get('/length/0', '')).toBe(200);
    expect(await connection.get('/length/300000', 'accept-encoding: br\r\n')).toBe(200);
    expect(await connection.get('/chunked/250000', '')).toBe(200);
    expect(await connection.get('/status/304', '')).toBe(304);
    expect(await connection.get('/status/404', '')).toBe(404);
    expect(await connection.get('/length/5', '')).toBe(200);
    expect(connections).toBe(1);
    connection.close();
  });

  it('opens a new connection after the server says close, and after it dropped an idle one', async () => {
    const server = site();
    let connections = 0;
    server.on('connection', () => connections++);
    const connection = new KeepAliveConnection(await listening(server), 5000);
    expect(await connection.get('/close/', '')).toBe(200);
    expect(await connection.get('/drop/', '')).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await connection.get('/length/1', '')).toBe(200);
    expect(connections).toBe(3);
    connection.close();
  });

  it('fails a request whose answer is cut short, or never comes', async () => {
    const cut = net.createServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc')));
    await expect(new KeepAliveConnection(await listening(cut), 5000).get('/', '')).rejects.toThrow('closed before the answer ended');
    const silent = net.createServer(() => undefined);
    await expect(new KeepAliveConnection(await listening(silent), 100).get('/', '')).rejects.toThrow('no answer within 100 ms');
  });
});

describe('a complete answer', () => {
  it('is null until its last byte, chunked or not', () => {
    const chunked = Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n');
    expect(completeAnswer(chunked)).toEqual({ status: 200, length: chunked.length, close: false });
    expect(completeAnswer(chunked.subarray(0, chunked.length - 1))).toBeNull();
    const sized = Buffer.from('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 2\r\nConnection: close\r\n\r\nno');
    expect(completeAnswer(sized)).toEqual({ status: 503, length: sized.length, close: true });
    expect(completeAnswer(sized.subarray(0, 20))).toBeNull();
  });

  it('is refused when it is not HTTP or has no framing', () => {
    expect(() => completeAnswer(Buffer.from('SSH-2.0\r\n\r\n'))).toThrow('not an HTTP/1.1 answer');
    expect(() => completeAnswer(Buffer.from('HTTP/1.1 200 OK\r\n\r\nabc'))).toThrow('neither Content-Length nor chunked');
  });
});
