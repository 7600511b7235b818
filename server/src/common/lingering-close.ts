import type { Socket } from 'node:net';
import type { Request, Response } from 'express';

/**
 * Bounds of a lingering close: after an answer sent before the request's body had arrived, the
 * rest of the body is read and thrown away for at most this many bytes and this long in all, and
 * no longer than the client stays silent for LINGER_IDLE_MS.
 */
export const LINGER_MAX_BYTES = 10 * 1024 * 1024;
export const LINGER_MAX_MS = 10_000;
export const LINGER_IDLE_MS = 2_000;

const lingering = new WeakSet<Socket>();

/**
 * Closes the connection of an answer sent before the request's body was read, the way nginx's
 * lingering close does. Closing a socket whose receive buffer still holds unread bytes makes the
 * kernel send a reset, and a client still writing its body (Node's fetch, a browser) then reports
 * EPIPE or a network error without ever reading the answer. So the answer says `Connection: close`,
 * its bytes are sent with the write side's FIN, and the body still arriving is read and discarded
 * until it ends; a sender cannot hold the connection, though: past LINGER_MAX_BYTES or
 * LINGER_MAX_MS, or after LINGER_IDLE_MS without a byte, the socket is destroyed anyway. Nothing
 * read here is stored or parsed.
 */
export function closeAfterEarlyAnswer(req: Request, res: Response): void {
  if (req.complete) return;
  res.setHeader('Connection', 'close');
  const socket = req.socket;
  if (!socket || socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  // The body is read here, chunk by chunk, so every byte is counted the moment it arrives. A body
  // nobody reads is instead dropped by Node's HTTP parser without a sign, and polling the socket's
  // byte count lets a fast sender push tens of MB between two looks.
  const body = { bytes: 0, lastAt: Date.now(), lingering: false, onChunk: () => undefined as void };
  req.on('data', (chunk: Buffer) => {
    body.bytes += chunk.length;
    body.lastAt = Date.now();
    if (body.lingering) body.onChunk();
  });
  // A body left paused (its reader gone after a refusal) would stop the socket's reading.
  req.resume();
  // Node ends a `Connection: close` answer's socket with destroySoon() once the answer is written;
  // this socket lingers instead.
  socket.destroySoon = () => {
    socket.end();
    linger(socket, req, body);
  };
}

interface BodyProgress {
  bytes: number;
  lastAt: number;
  lingering: boolean;
  onChunk: () => void;
}

// How often a sender that has gone quiet is looked for.
const IDLE_CHECK_MS = 100;

function linger(socket: Socket, req: Request, body: BodyProgress): void {
  const startBytes = body.bytes;
  const started = Date.now();
  body.lastAt = started;
  const stop = () => {
    clearInterval(idleCheck);
    body.lingering = false;
  };
  const destroy = () => {
    stop();
    socket.destroy();
  };
  // Once the whole body is read nothing is left to reset the connection with: close it as soon as
  // the answer has been handed to the kernel (destroying earlier would cut the answer short).
  let ending = false;
  const closeGently = () => {
    stop();
    if (ending) return;
    ending = true;
    if (socket.writableFinished) return void socket.destroy();
    socket.once('finish', () => socket.destroy());
    // A client that reads nothing keeps the answer unsent: the overall bound still closes it.
    setTimeout(() => socket.destroy(), Math.max(0, LINGER_MAX_MS - (Date.now() - started))).unref();
  };
  const overBounds = () => {
    const now = Date.now();
    return (
      body.bytes - startBytes > LINGER_MAX_BYTES ||
      now - started >= LINGER_MAX_MS ||
      now - body.lastAt >= LINGER_IDLE_MS
    );
  };
  body.lingering = true;
  body.onChunk = () => {
    if (overBounds()) destroy();
  };
  const idleCheck = setInterval(() => {
    if (req.complete) closeGently();
    else if (overBounds()) destroy();
  }, IDLE_CHECK_MS);
  socket.once('close', stop);
  if (req.complete) return closeGently();
  req.once('end', closeGently);
  req.once('error', destroy);
}
