import { groupThousands } from './pricing.js';
import { hasControlCharacters } from './validation.js';

export const PARTNER_NAME_MAX = 100;
export const PARTNER_KEY_NAME_MAX = 60;
export const PARTNER_RATE_LIMIT_MIN = 1;
export const PARTNER_RATE_LIMIT_MAX = 100_000;

/** The form that creates a partner's API key, names trimmed; no rate limit means the server's default. */
export interface PartnerKeyFormValues {
  partnerName: string;
  name: string;
  rateLimitPerMinute?: number | null;
}

export interface PartnerKeyFieldError {
  field: keyof PartnerKeyFormValues;
  message: string;
}

/**
 * The rules of a new API key: the partner's name 1-100 characters, the key's label 1-60, neither
 * with control characters; a rate limit, when given, a whole number of requests per minute from
 * 1 to 100000. Every failing field is reported.
 */
export function validatePartnerKeyForm(v: PartnerKeyFormValues): PartnerKeyFieldError[] {
  const errors: PartnerKeyFieldError[] = [];
  if (!v.partnerName) errors.push({ field: 'partnerName', message: 'Partner name is required' });
  else if (v.partnerName.length > PARTNER_NAME_MAX)
    errors.push({ field: 'partnerName', message: `Partner name must be at most ${PARTNER_NAME_MAX} characters` });
  else if (hasControlCharacters(v.partnerName))
    errors.push({ field: 'partnerName', message: 'Partner name must not contain control characters' });
  if (!v.name) errors.push({ field: 'name', message: 'Key name is required' });
  else if (v.name.length > PARTNER_KEY_NAME_MAX)
    errors.push({ field: 'name', message: `Key name must be at most ${PARTNER_KEY_NAME_MAX} characters` });
  else if (hasControlCharacters(v.name))
    errors.push({ field: 'name', message: 'Key name must not contain control characters' });
  const limit = v.rateLimitPerMinute;
  if (
    limit !== null &&
    limit !== undefined &&
    (!Number.isInteger(limit) || limit < PARTNER_RATE_LIMIT_MIN || limit > PARTNER_RATE_LIMIT_MAX)
  ) {
    errors.push({
      field: 'rateLimitPerMinute',
      message: `Rate limit must be a whole number of requests per minute from ${PARTNER_RATE_LIMIT_MIN} to ${groupThousands(String(PARTNER_RATE_LIMIT_MAX))}`,
    });
  }
  return errors;
}
