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
  // Node ends a `Connection: close` answer's socket with destroySoon() once the answer is written;
  // this socket lingers instead.
  socket.destroySoon = () => {
    socket.end();
    linger(socket, req);
  };
}

// How often the bytes read are looked at: Node's HTTP parser takes a dumped body off the socket
// without emitting it, so the socket's byte count is the only sign that the client is still sending.
const POLL_MS = 100;

function linger(socket: Socket, req: Request): void {
  const startBytes = socket.bytesRead;
  let lastBytes = startBytes;
  let lastActive = Date.now();
  const started = lastActive;
  const stop = () => clearInterval(poll);
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
  const poll = setInterval(() => {
    const now = Date.now();
    const bytes = socket.bytesRead;
    if (bytes !== lastBytes) {
      lastBytes = bytes;
      lastActive = now;
    }
    if (req.complete) closeGently();
    else if (
      bytes - startBytes > LINGER_MAX_BYTES ||
      now - started >= LINGER_MAX_MS ||
      now - lastActive >= LINGER_IDLE_MS
    )
      destroy();
  }, POLL_MS);
  socket.once('close', stop);
  req.once('end', closeGently);
  req.once('error', destroy);
  // Node's parser drops the body of a request that nobody reads; one left paused (its reader gone
  // after a refusal) would stop the socket's reading, so it is set flowing into nothing.
  req.resume();
}
