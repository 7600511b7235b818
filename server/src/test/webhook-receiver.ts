/**
 * A partner's webhook receiver for tests: a local HTTP server that keeps every request (headers and
 * raw body) and answers with the status it is told. Test-only; nothing in the app imports it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status every later request is answered with (200 at first). */
  answer(status: number): void;
  close(): Promise<void>;
}

export async function startReceiver(port: number, path = '/hooks'): Promise<Receiver> {
  const received: Received[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answer(s) {
      status = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
