import net from 'node:net';

/** An HTTP answer read off a raw socket, and whether (and when) the server closed the connection. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection within the wait. */
  closed: boolean;
  /** Milliseconds from sending the head to the complete answer. */
  answeredMs: number;
  /** Milliseconds from sending the head to the close, when it came. */
  closedMs: number | null;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers: Record<string, string>;
  /** The bytes actually sent after the head. */
  body: Buffer | string;
  /** Content-Length announced; more than the body sent leaves the server waiting for the rest. */
  contentLength?: number;
  /** How long to wait for the answer and then for the close. */
  timeoutMs?: number;
}

/**
 * Sends a request over a plain TCP socket (so a body can be announced and never sent) and reads
 * the answer. Resolves once the answer is complete (and, for a `Connection: close` answer, once
 * the server has closed the connection or the wait is over); rejects when no complete answer
 * arrives in time.
 */
export function rawRequest(baseUrl: string, req: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'latin1');
  const timeoutMs = req.timeoutMs ?? 5_000;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let answer: Omit<RawAnswer, 'closed' | 'closedMs'> | null = null;
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (!answer)
        reject(
          new Error(`no complete answer (${received.length} bytes: ${received.toString('latin1').slice(0, 200)})`),
        );
      else resolve({ ...answer, closed, closedMs: closed ? Date.now() - started : null });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (answer) return;
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const [statusLine, ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const length = Number(headers['content-length'] ?? Number.NaN);
      const bodyBytes = received.subarray(headEnd + 4);
      if (!Number.isNaN(length) && bodyBytes.length < length) return;
      answer = {
        status: Number(statusLine!.split(' ')[1]),
        headers,
        body: bodyBytes.toString('utf8'),
        answeredMs: Date.now() - started,
      };
      // A kept-alive connection stays open by design: only a `Connection: close` answer is waited on.
      if (headers.connection?.toLowerCase() !== 'close') finish(false);
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('connect', () => {
      const head = [
        `${req.method ?? 'POST'} ${req.path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        `Content-Length: ${req.contentLength ?? body.length}`,
      ];
      for (const [k, v] of Object.entries(req.headers)) head.push(`${k}: ${v}`);
      socket.write(head.join('\r\n') + '\r\n\r\n');
      if (body.length) socket.write(body);
    });
  });
}
