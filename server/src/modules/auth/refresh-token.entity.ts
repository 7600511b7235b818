import { Entity, Index, ManyToOne, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

/**
 * One refresh token of a session family. Only the SHA-256 of the token is stored; every use rotates
 * it (usedAt set, a successor created in the same family with the same absolute expiry).
 */
@Entity({ tableName: 'refresh_tokens' })
export class RefreshToken {
  [OptionalProps]?: 'createdAt' | 'usedAt' | 'revokedAt' | 'ip' | 'userAgent';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  /** Every token descending from one login shares it; reuse of any revokes them all. */
  @Property({ type: 'uuid' })
  @Index()
  familyId!: string;

  @Property({ type: 'text' })
  @Unique()
  tokenHash!: string;

  /** Absolute: 30 days from the family's login, not extended by rotation. */
  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'text', nullable: true })
  ip?: string | null;

  @Property({ type: 'text', nullable: true })
  userAgent?: string | null;
}
