/**
 * A minimal HTTP/1.1 client: one keep-alive connection, one GET at a time, as a browser tab
 * reads. The readers' CPU per request bounds how much load a process can offer, and a generator
 * must cost much less than the site it measures: undici's request API took about twice the CPU
 * per request of this (about 200 against 110 µs on the 2-core development machine under other
 * load, a third of it the kernel's), most of it streams and promises around each body.
 * It reads what a GET may be answered with: a Content-Length or chunked body, or none (204, 304);
 * the body is measured, not kept.
 */
import net from 'node:net';

const EMPTY = Buffer.alloc(0);
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

/** A whole answer at the start of `buffer`: its status, its length in bytes and whether the server closes the connection after it; null while incomplete. */
export function completeAnswer(buffer: Buffer): { status: number; length: number; close: boolean } | null {
  const headEnd = buffer.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const head = buffer.toString('latin1', 0, headEnd);
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
  if (!status) throw new Error(`not an HTTP/1.1 answer: ${head.slice(0, 80)}`);
  const close = /\r\nconnection:[ \t]*close/i.test(head);
  const bodyStart = headEnd + HEAD_END.length;
  if (status === 204 || status === 304 || status < 200) return { status, length: bodyStart, close };
  const contentLength = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1];
  if (contentLength !== undefined) {
    const length = bodyStart + Number(contentLength);
    return buffer.length >= length ? { status, length, close } : null;
  }
  if (!/\r\ntransfer-encoding:[ \t]*chunked/i.test(head)) throw new Error(`an answer with neither Content-Length nor chunked encoding: ${head.slice(0, 80)}`);
  const length = chunkedEnd(buffer, bodyStart);
  return length === null ? null : { status, length, close };
}

/** Where a chunked body starting at `from` ends (its last chunk and trailers included), or null while incomplete. */
function chunkedEnd(buffer: Buffer, from: number): number | null {
  for (let at = from; ;) {
    const lineEnd = buffer.indexOf(CRLF, at);
    if (lineEnd < 0) return null;
    const size = parseInt(buffer.toString('latin1', at, lineEnd).split(';')[0]!, 16);
    if (Number.isNaN(size)) throw new Error('a malformed chunk size');
    if (size === 0) {
      const end = buffer.indexOf(HEAD_END, lineEnd);
      return end < 0 ? null : end + HEAD_END.length;
    }
    at = lineEnd + CRLF.length + size + CRLF.length;
    if (at > buffer.length) return null;
  }
}

interface Pending {
  resolve(status: number): void;
  reject(error: Error): void;
}

export class KeepAliveConnection {
  private socket: net.Socket | null = null;
  private pending: Pending | null = null;
  private buffer: Buffer = EMPTY;

  /** `timeoutMs`: how long an answer may keep the connection silent before the request fails. */
  constructor(
    private readonly base: URL,
    private readonly timeoutMs: number,
  ) {}

  /** GETs `path` with `headers` (each line ending in CRLF) and answers the status once the whole body has come. */
  get(path: string, headers: string): Promise<number> {
    if (this.pending) return Promise.reject(new Error('one request at a time'));
    const socket = this.socket ?? this.connect();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      socket.write(`GET ${path} HTTP/1.1\r\nhost: ${this.base.host}\r\n${headers}\r\n`);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private connect(): net.Socket {
    const socket = net.connect({ host: this.base.hostname, port: Number(this.base.port), noDelay: true });
    socket.setTimeout(this.timeoutMs);
    socket.on('data', (chunk: Buffer) => this.received(socket, chunk));
    socket.on('timeout', () => socket.destroy(this.pending ? new Error(`no answer within ${this.timeoutMs} ms`) : undefined));
    socket.on('error', (error) => this.settle(socket, error));
    socket.on('close', () => this.settle(socket, new Error('the connection closed before the answer ended')));
    this.socket = socket;
    this.buffer = EMPTY;
    return socket;
  }

  private received(socket: net.Socket, chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    let answer: ReturnType<typeof completeAnswer>;
    try {
      answer = completeAnswer(this.buffer);
      if (answer && (answer.length !== this.buffer.length || !this.pending)) throw new Error('bytes beyond the answer asked for');
    } catch (error) {
      socket.destroy(error as Error);
      return;
    }
    if (!answer) return;
    this.buffer = EMPTY;
    const pending = this.pending!;
    this.pending = null;
    if (answer.close) this.forget(socket);
    pending.resolve(answer.status);
  }

  /** The connection ended: a request waiting on it fails, and the next one opens another. */
  private settle(socket: net.Socket, error: Error): void {
    // A connection already let go of (its answer said close) waits on nothing.
    if (this.socket !== socket) return;
    this.forget(socket);
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }

  private forget(socket: net.Socket): void {
    socket.destroy();
    if (this.socket === socket) this.socket = null;
  }
}
