import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** A person with an account: a traveller (user) or an operator admin. */
@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?: 'createdAt' | 'updatedAt' | 'role' | 'phone' | 'profileImage' | 'lastLoginAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  name!: string;

  /** Stored lower-cased; unique. */
  @Property({ type: 'text' })
  @Unique()
  email!: string;

  @Property({ type: 'text', nullable: true })
  phone?: string | null;

  /** argon2id hash; never serialised and loaded only when asked for. */
  @Property({ type: 'text', hidden: true, lazy: true })
  passwordHash!: string;

  /** admin | user */
  @Property({ type: 'text', default: 'user' })
  role: 'admin' | 'user' = 'user';

  /** Path under /uploads of the profile picture. */
  @Property({ type: 'text', nullable: true })
  profileImage?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  lastLoginAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
