import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../common/context.js';
import { partnerKeyService, type PartnerKeyView } from './partner-key.service.js';
import {
  ApiKeyInfo,
  CreatePartnerKeyInput,
  CreatePartnerKeyPayload,
  PartnerKeyStatus,
  PartnerKeyObject,
  RevokePartnerKeyPayload,
} from './partner-key.types.js';

function toPartnerKeyObject(k: PartnerKeyView): PartnerKeyObject {
  return {
    id: String(k.id),
    partnerName: k.partnerName,
    name: k.name,
    keyPrefix: k.keyPrefix,
    rateLimitPerMinute: k.rateLimitPerMinute,
    usesDefaultRateLimit: k.ownRateLimit === null,
    status: k.revokedAt ? PartnerKeyStatus.REVOKED : PartnerKeyStatus.ACTIVE,
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt,
    revokedAt: k.revokedAt,
    usage: k.usage,
    requestsToday: k.requestsToday,
    refusalsToday: k.refusalsToday,
  };
}

@Resolver()
export class PartnerKeyResolver {
  @Query(() => [PartnerKeyObject], {
    description: "Admin: every partner's API key, active ones first, newest first, with its recent use.",
  })
  async partnerKeys(@Ctx() ctx: RequestContext): Promise<PartnerKeyObject[]> {
    return (await partnerKeyService.list(ctx)).map(toPartnerKeyObject);
  }

  @Mutation(() => CreatePartnerKeyPayload, {
    description: 'Admin: creates an API key for a partner agency; the answer holds the key, shown only this once.',
  })
  async createPartnerKey(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => CreatePartnerKeyInput, { description: 'Partner, label and optional rate limit.' })
    input: CreatePartnerKeyInput,
  ): Promise<CreatePartnerKeyPayload> {
    const { key, secret } = await partnerKeyService.create(ctx, input);
    return { key: toPartnerKeyObject(key), secret };
  }

  @Mutation(() => RevokePartnerKeyPayload, {
    description:
      'Admin: revokes an API key; requests with it are refused with UNAUTHENTICATED from then on (on other server instances within 5 seconds).',
  })
  async revokePartnerKey(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID, { description: 'Key id.' }) id: string,
  ): Promise<RevokePartnerKeyPayload> {
    return { key: toPartnerKeyObject(await partnerKeyService.revoke(ctx, id)) };
  }

  @Query(() => ApiKeyInfo, {
    nullable: true,
    description:
      'Partners: the API key this request is made with (send it as `Authorization: ApiKey <key>` or `X-Api-Key: <key>`). FORBIDDEN without a key.',
  })
  apiKey(@Ctx() ctx: RequestContext): Promise<ApiKeyInfo> {
    return partnerKeyService.current(ctx);
  }
}
