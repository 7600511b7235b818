import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PersonalDataCipher, PersonalDataError, personalDataKeys } from './personal-data.js';

const keyText = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe('personal data at rest', () => {
  it('seals a passport number so the stored value neither shows it nor repeats for equal values', () => {
    const cipher = new PersonalDataCipher(personalDataKeys(keyText('k1'), '/nonexistent', true));
    const a = cipher.seal('AB1234567', 'traveller.passport');
    const b = cipher.seal('AB1234567', 'traveller.passport');
    expect(a).not.toContain('AB1234567');
    expect(Buffer.from(a.split('.')[2]!, 'base64url').toString('latin1')).not.toContain('AB1234567');
    expect(a).not.toBe(b);
    expect(cipher.open(a, 'traveller.passport')).toBe('AB1234567');
  });

  it('refuses a value moved to another purpose, or altered by a single bit', () => {
    const cipher = new PersonalDataCipher(personalDataKeys(keyText('k1'), '/nonexistent', true));
    const sealed = cipher.seal('1990-04-01', 'traveller.dateOfBirth');
    expect(() => cipher.open(sealed, 'traveller.passport')).toThrow(PersonalDataError);
    const bytes = Buffer.from(sealed.split('.')[2]!, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => cipher.open(`pd1.k1.${bytes.toString('base64url')}`, 'traveller.dateOfBirth')).toThrow(
      /altered or moved/,
    );
  });

  it('opens values sealed with an older key after rotation, and says which need sealing again', () => {
    const old = keyText('k1');
    const before = new PersonalDataCipher(personalDataKeys(old, '/nonexistent', true));
    const sealed = before.seal('AB1234567', 'traveller.passport');
    const after = new PersonalDataCipher(personalDataKeys(`${keyText('k2')},${old}`, '/nonexistent', true));
    expect(after.currentKeyId).toBe('k2');
    expect(after.open(sealed, 'traveller.passport')).toBe('AB1234567');
    expect(after.isStale(sealed)).toBe(true);
    expect(after.isStale(after.seal('AB1234567', 'traveller.passport'))).toBe(false);
    // Once the old key is dropped, its values no longer open, with a message naming the key.
    const dropped = new PersonalDataCipher(personalDataKeys(keyText('k2'), '/nonexistent', true));
    expect(() => dropped.open(sealed, 'traveller.passport')).toThrow(/'k1' is not configured/);
  });

  it('requires the keys in production, checks their form, and keeps a generated key outside production', () => {
    expect(() => personalDataKeys(null, '/nonexistent', true)).toThrow(/PERSONAL_DATA_KEYS is required/);
    expect(() => personalDataKeys('k1:c2hvcnQ=', '/x', true)).toThrow(/not 32 bytes/);
    expect(() => personalDataKeys('no-colon', '/x', true)).toThrow(/id:base64/);
    expect(() => personalDataKeys(`${keyText('a')},${keyText('a')}`, '/x', true)).toThrow(/share an id/);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pd-'));
    const first = personalDataKeys(null, dataDir, false);
    const again = personalDataKeys(null, dataDir, false);
    expect(again[0]!.key.equals(first[0]!.key)).toBe(true);
    const file = path.join(dataDir, 'secrets', 'personal_data_key');
    expect(readFileSync(file, 'utf8')).toMatch(/^local:/);
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});
