import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ErrorCode, HTTP_STATUS } from '@tembea/schema';

/** Node's parser errors that have an answer of their own; any other malformed request is a 400. */
const REFUSALS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: ErrorCode.PAYLOAD_TOO_LARGE,
    message: 'Request headers are too large: at most 16 KB, the address included',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: ErrorCode.TIMEOUT,
    message: 'The request did not arrive in time',
  },
};

/**
 * Answers a request Node's HTTP parser refused before any handler saw it (headers past the size
 * limit, an unknown method, broken framing) in the API's error shape, `{ success, message, code }`:
 * Node's own answer is a status line with an empty body. The connection is closed after it, since
 * the parser cannot tell where the next request would start.
 */
export function answerMalformedRequest(
  error: Error & { code?: string },
  socket: Duplex & { bytesWritten?: number },
): void {
  // Only a connection that has not started another answer can take one; a reset one takes nothing.
  if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten) {
    socket.destroy();
    return;
  }
  const refusal = REFUSALS[error.code ?? ''] ?? {
    status: HTTP_STATUS.BAD_USER_INPUT,
    code: ErrorCode.BAD_USER_INPUT,
    message: 'The request is not valid HTTP',
  };
  const body = JSON.stringify({ success: false, message: refusal.message, code: refusal.code });
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
