import { Check, Entity, ManyToOne, OptionalProps, PrimaryKey, PrimaryKeyProp, Property, Unique } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * A partner agency's API key. Only the SHA-256 of the whole key is stored (the key is 32 random
 * bytes, so a fast hash cannot be reversed); `keyPrefix` is its first characters, shown in lists
 * so an admin can tell keys apart. A revoked key is kept, with its usage, and refused from then on.
 */
@Entity({ tableName: 'partner_keys' })
@Check({
  name: 'partner_keys_rate_limit_check',
  expression: 'rate_limit_per_minute is null or rate_limit_per_minute between 1 and 100000',
})
export class PartnerKey {
  [OptionalProps]?: 'createdAt' | 'createdBy' | 'revokedAt' | 'lastUsedAt' | 'rateLimitPerMinute';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  partnerName!: string;

  /** The key's label ('Production', 'Staging'). */
  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  keyPrefix!: string;

  /** SHA-256 (hex) of the whole key: the only way a key is looked up. */
  @Property({ type: 'text' })
  @Unique({ name: 'partner_keys_key_hash_unique' })
  keyHash!: string;

  /** Requests per minute this key may send; null: PARTNER_API_RATE_LIMIT. */
  @Property({ type: 'integer', nullable: true })
  rateLimitPerMinute?: number | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** The admin who created it (null once that account is deleted). */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null', fieldName: 'created_by' })
  createdBy?: User | null;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  /** When a request last used it (written with the usage counts, so a few seconds behind). */
  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date | null;
}

/** Requests a key made on one day (UTC) and how many of them were refused by its rate limit. */
@Entity({ tableName: 'partner_key_usage' })
export class PartnerKeyUsage {
  [PrimaryKeyProp]?: ['key', 'day'];
  [OptionalProps]?: 'requests' | 'refusals';

  @ManyToOne(() => PartnerKey, { primary: true, deleteRule: 'cascade', fieldName: 'key_id' })
  key!: PartnerKey;

  /** YYYY-MM-DD, UTC. */
  @PrimaryKey({ type: 'date' })
  day!: string;

  @Property({ type: 'integer', default: 0 })
  requests: number = 0;

  @Property({ type: 'integer', default: 0 })
  refusals: number = 0;
}
