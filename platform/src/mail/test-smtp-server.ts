/**
 * A real SMTP server on loopback for tests (the `smtp-server` package, a dev
 * dependency: import this file from tests only). Plain text, no AUTH, no
 * STARTTLS; every message received is parsed with `mailparser`.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../testkit/free-port.js';

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO of the SMTP session. */
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  /** Every message received, in order. */
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived (rejects after `timeoutMs`, default 10 s). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

/** Starts a server on 127.0.0.1 on `port` (default: a free one). */
export async function startTestSmtpServer(options: { port?: number } = {}): Promise<TestSmtpServer> {
  const port = options.port ?? (await freePort());
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        simpleParser(raw).then(
          (parsed) => {
            received.push({ envelope, raw, parsed });
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  let stopping: Promise<void> | null = null;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} message(s) within ${timeoutMs} ms, got ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop() {
      stopping ??= new Promise((resolve) => server.close(() => resolve()));
      return stopping;
    },
  };
}
