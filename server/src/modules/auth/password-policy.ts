import { readFileSync } from 'node:fs';
import path from 'node:path';
import { passwordLengthError } from '@tembea/schema';

export const COMMON_PASSWORD = 'This password is too common. Please choose another.';

// Shipped with the server (see the README beside it for its origin and licence); read once at start,
// so a missing file stops the start instead of silently letting every password through.
const LIST_FILE = path.resolve(import.meta.dirname, '../../../assets/common-passwords/common-passwords.txt');
const COMMON = new Set(
  readFileSync(LIST_FILE, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.toLowerCase()),
);

/** True for one of the 10,000 most common passwords, whatever its letter case. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/**
 * The one rule for every password the server sets (sign-up, reset, ADMIN_PASSWORD): the shared length
 * rule, then not one of the most common passwords. The message to show, or null when it is fine.
 */
export function passwordPolicyError(password: string): string | null {
  return passwordLengthError(password) ?? (isCommonPassword(password) ? COMMON_PASSWORD : null);
}
