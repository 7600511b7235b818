import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config-error.js';

/**
 * Encryption at rest of personal data (passport numbers, dates of birth): AES-256-GCM with a random
 * 96-bit nonce per value, so equal values never look equal in the database, and the value's purpose
 * (e.g. `traveller.passport`) bound in as associated data, so a ciphertext copied into another
 * column does not open there. A sealed value names the key that sealed it, which is what makes
 * rotation possible: put a new key first in PERSONAL_DATA_KEYS, keep the old ones after it until
 * every value has been sealed again, then drop them.
 */

const FORMAT = 'pd1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface PersonalDataKey {
  id: string;
  key: Buffer;
}

/** A value could not be opened: a key that is no longer configured, or a value that was altered. */
export class PersonalDataError extends Error {}

export class PersonalDataCipher {
  private readonly byId: Map<string, Buffer>;
  private readonly current: PersonalDataKey;

  constructor(keys: readonly PersonalDataKey[]) {
    const first = keys[0];
    if (!first) throw new ConfigError('At least one personal data key is needed');
    this.current = first;
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  /** The id of the key new values are sealed with. */
  get currentKeyId(): string {
    return this.current.id;
  }

  seal(plain: string, purpose: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, nonce);
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const sealed = Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
    return `${FORMAT}.${this.current.id}.${sealed}`;
  }

  open(sealed: string, purpose: string): string {
    const [format, keyId, data] = sealed.split('.');
    if (format !== FORMAT || !keyId || !data) throw new PersonalDataError('Not a sealed personal data value');
    const key = this.byId.get(keyId);
    if (!key) throw new PersonalDataError(`The personal data key '${keyId}' is not configured (PERSONAL_DATA_KEYS)`);
    const bytes = Buffer.from(data, 'base64url');
    if (bytes.length < NONCE_BYTES + TAG_BYTES)
      throw new PersonalDataError('A sealed personal data value is cut short');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new PersonalDataError('A sealed personal data value does not open: it was altered or moved');
    }
  }

  /** True when a value was sealed with an older key and should be sealed again with the current one. */
  isStale(sealed: string): boolean {
    return sealed.split('.')[1] !== this.current.id;
  }
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const GENERATE_KEY = `generate one with \`node -e "console.log('k1:' + require('crypto').randomBytes(32).toString('base64'))"\``;

/**
 * The keys of PERSONAL_DATA_KEYS: comma-separated `id:base64` pairs of 32-byte keys, the first one
 * sealing new values. Without the variable, outside production, one key is generated once and kept
 * under DATA_DIR/secrets; production refuses to start without it, since losing a generated key
 * would lose every passport number with it.
 */
export function personalDataKeys(raw: string | null, dataDir: string, production: boolean): PersonalDataKey[] {
  if (raw === null) {
    if (production) throw new ConfigError(`PERSONAL_DATA_KEYS is required when NODE_ENV=production; ${GENERATE_KEY}`);
    const file = path.join(dataDir, 'secrets', 'personal_data_key');
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      writeFileSync(file, `local:${randomBytes(KEY_BYTES).toString('base64')}`, { mode: 0o600 });
    }
    return personalDataKeys(readFileSync(file, 'utf8').trim(), dataDir, production);
  }
  const keys = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf(':');
      const id = pair.slice(0, i);
      if (i <= 0 || !KEY_ID.test(id))
        throw new ConfigError(`PERSONAL_DATA_KEYS: each key is id:base64, with an id of letters, digits, - or _`);
      const key = Buffer.from(pair.slice(i + 1), 'base64');
      if (key.length !== KEY_BYTES)
        throw new ConfigError(
          `PERSONAL_DATA_KEYS: the key '${id}' is not ${KEY_BYTES} bytes of base64; ${GENERATE_KEY}`,
        );
      return { id, key };
    });
  if (!keys.length) throw new ConfigError(`PERSONAL_DATA_KEYS holds no key; ${GENERATE_KEY}`);
  if (new Set(keys.map((k) => k.id)).size !== keys.length)
    throw new ConfigError('PERSONAL_DATA_KEYS: two keys share an id');
  return keys;
}
