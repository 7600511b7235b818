import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * What the port answers between listening and the app being ready (the database opened and
 * migrated, the GraphQL schema built): /health is 200 (the process is alive), /ready is 503, and
 * every other request waits and is then served by the app, or answered 503 if the start fails.
 * Once the app is ready it serves every request itself.
 */
export class StartingGate {
  private app: RequestListener | null = null;
  private failed = false;
  private readonly waiting: [IncomingMessage, ServerResponse][] = [];

  readonly handle: RequestListener = (req, res) => {
    if (this.app) return void this.app(req, res);
    const p = (req.url ?? '/').split('?')[0];
    if (p === '/health')
      return answer(res, 200, {
        status: 'ok',
        message: 'API is accessible',
        uptimeSeconds: Math.round(process.uptime()),
      });
    if (p === '/ready' || this.failed)
      return answer(res, 503, { status: 'starting', message: 'The server is starting' });
    this.waiting.push([req, res]);
  };

  ready(app: RequestListener): void {
    this.app = app;
    for (const [req, res] of this.waiting.splice(0)) app(req, res);
  }

  fail(): void {
    this.failed = true;
    for (const [, res] of this.waiting.splice(0))
      answer(res, 503, { status: 'starting', message: 'The server could not start' });
  }
}
