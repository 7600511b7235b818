import type { Response } from 'express';
import type { Config } from '../config.js';
import { RateLimitedError } from './errors.js';

// Counted per app and process (keyed by its configuration): uploads in progress are temporary
// files of this instance's DATA_DIR.
const inFlightByApp = new WeakMap<Config, Map<number, number>>();

/**
 * Takes one of the account's upload slots for this request, or refuses it with 429 RATE_LIMITED
 * when the account already has UPLOADS_PER_ACCOUNT uploads in progress, before any of the body is
 * read: each upload may keep files under DATA_DIR/tmp/uploads until it is answered, so one account
 * cannot fill the disk by opening many at once. The slot is given back when the request is
 * answered or its connection drops, or at once when the connection dropped before this was called.
 */
export function holdUploadSlot(config: Config, accountId: number, res: Response): void {
  let inFlight = inFlightByApp.get(config);
  if (!inFlight) inFlightByApp.set(config, (inFlight = new Map()));
  const held = inFlight.get(accountId) ?? 0;
  const cap = config.uploadsPerAccount;
  if (held >= cap) {
    throw new RateLimitedError(
      `At most ${cap} ${cap === 1 ? 'upload' : 'uploads'} per account can be in progress at once: wait for the others to finish`,
      5,
    );
  }
  inFlight.set(accountId, held + 1);
  const release = () => {
    const left = (inFlight.get(accountId) ?? 1) - 1;
    if (left > 0) inFlight.set(accountId, left);
    else inFlight.delete(accountId);
  };
  res.once('close', release);
  // A client that hung up while the request was still being authenticated has closed the response
  // already: 'close' was emitted as `closed` turned true and comes no more, so waiting for it would
  // keep the slot until a restart.
  if (res.closed) release();
}
