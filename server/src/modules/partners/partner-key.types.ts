import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum PartnerKeyStatus {
  ACTIVE = 'ACTIVE',
  REVOKED = 'REVOKED',
}

registerEnumType(PartnerKeyStatus, {
  name: 'PartnerKeyStatus',
  description: 'Whether an API key is accepted.',
  valuesConfig: {
    ACTIVE: { description: 'Requests with the key are served.' },
    REVOKED: { description: 'Revoked by an admin: every request with the key is refused with UNAUTHENTICATED.' },
  },
});

@ObjectType({ description: "One day's use of an API key (days are UTC)." })
export class PartnerKeyUsageDay {
  @Field({ description: 'The day, YYYY-MM-DD (UTC).' })
  day!: string;

  @Field(() => Int, { description: 'Requests made with the key that day, the refused ones included.' })
  requests!: number;

  @Field(() => Int, {
    description: 'Requests refused that day because the key was over its rate limit (429 RATE_LIMITED).',
  })
  refusals!: number;
}

@ObjectType('PartnerKey', {
  description: "A partner agency's API key as admins see it. The key itself is never shown again after its creation.",
})
export class PartnerKeyObject {
  @Field(() => ID, { description: 'Key id (not the key).' })
  id!: string;

  @Field({ description: 'The partner agency the key belongs to.' })
  partnerName!: string;

  @Field({ description: "The key's label, e.g. Production." })
  name!: string;

  @Field({ description: 'The first characters of the key (e.g. tmb_ab12cd), to tell keys apart.' })
  keyPrefix!: string;

  @Field(() => Int, {
    description:
      'Requests per minute the key may send: its own limit, else the server-wide default (1200 unless the operator set another).',
  })
  rateLimitPerMinute!: number;

  @Field({ description: 'True when the key has no limit of its own and uses the server default.' })
  usesDefaultRateLimit!: boolean;

  @Field(() => PartnerKeyStatus, { description: 'ACTIVE, or REVOKED once an admin revoked it.' })
  status!: PartnerKeyStatus;

  @Field(() => GraphQLDateTimeISO, { description: 'When it was created.' })
  createdAt!: Date;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'When a request last used it (up to a few seconds behind); null if never.',
  })
  lastUsedAt!: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When it was revoked; null while active.' })
  revokedAt!: Date | null;

  @Field(() => [PartnerKeyUsageDay], {
    description: 'Use over the last 14 days (UTC), newest first; days without any request are left out.',
  })
  usage!: PartnerKeyUsageDay[];

  @Field(() => Int, {
    description: 'Requests made with the key today (UTC), the refused ones included; up to a few seconds behind.',
  })
  requestsToday!: number;

  @Field(() => Int, { description: 'Requests refused today (UTC) because the key was over its rate limit.' })
  refusalsToday!: number;
}

@ObjectType({
  description: 'Answer to `createPartnerKey`: the new key as listed and the key itself, shown only in this answer.',
})
export class CreatePartnerKeyPayload {
  @Field(() => PartnerKeyObject, { description: 'The new key as the list shows it.' })
  key!: PartnerKeyObject;

  @Field({
    description:
      'The whole key (tmb_…), to hand to the partner: it is shown only this once and cannot be read again, since only its hash is stored.',
  })
  secret!: string;
}

@ObjectType({ description: 'Answer to `revokePartnerKey`.' })
export class RevokePartnerKeyPayload {
  @Field(() => PartnerKeyObject, { description: 'The key, now REVOKED with its revokedAt.' })
  key!: PartnerKeyObject;
}

@InputType({ description: 'A new API key for a partner agency.' })
export class CreatePartnerKeyInput {
  @Field({ description: 'The partner agency, 1-100 characters.' })
  partnerName!: string;

  @Field({ description: "The key's label, 1-60 characters, e.g. Production." })
  name!: string;

  @Field(() => Int, {
    nullable: true,
    description:
      'Requests per minute, 1-100000; leave out for the server-wide default (1200 unless the operator set another).',
  })
  rateLimitPerMinute?: number | null;
}

@ObjectType({ description: 'The API key a partner calls with: lets a partner check that its key works.' })
export class ApiKeyInfo {
  @Field({ description: 'The partner agency the key belongs to.' })
  partnerName!: string;

  @Field({ description: "The key's label, e.g. Production." })
  name!: string;

  @Field(() => Int, {
    description: 'Requests per minute the key may send; over it the API answers 429 RATE_LIMITED with Retry-After.',
  })
  rateLimitPerMinute!: number;
}
