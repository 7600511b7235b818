import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { WebhookDeliveryStatus } from '@tembea/schema';
import type { RequestContext } from '../../common/context.js';
import { toConnection } from '../../common/pagination.js';
import { webhookService } from './webhook.service.js';
import {
  DeleteWebhookPayload,
  RegisterWebhookInput,
  RegisterWebhookPayload,
  WebhookDeliveryConnection,
  WebhookDeliveryStatusEnum,
  WebhookType,
} from './webhook.types.js';

@Resolver(() => WebhookType)
export class WebhookResolver {
  @Mutation(() => RegisterWebhookPayload, {
    description:
      'Partner API key: registers a receiver of webhook events and returns its signing secret, shown this once. BAD_USER_INPUT for a URL that is not https (http only for localhost) or no events; CONFLICT past 10 webhooks per key.',
  })
  registerWebhook(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => RegisterWebhookInput, { description: 'The receiving URL and the events to send there.' })
    input: RegisterWebhookInput,
  ): Promise<RegisterWebhookPayload> {
    return webhookService.register(ctx, input);
  }

  @Query(() => [WebhookType], { description: "Partner API key: this key's webhooks, oldest first." })
  webhooks(@Ctx() ctx: RequestContext): Promise<WebhookType[]> {
    return webhookService.mine(ctx);
  }

  @Mutation(() => DeleteWebhookPayload, {
    description: "Partner API key: deletes one of this key's webhooks; its deliveries not yet made are given up.",
  })
  async deleteWebhook(
    @Ctx() ctx: RequestContext,
    @Arg('id', () => ID, { description: 'Webhook id.' }) id: string,
  ): Promise<DeleteWebhookPayload> {
    await webhookService.remove(ctx, id);
    return { deletedWebhookId: id };
  }

  @Query(() => [WebhookType], {
    description: "Admin: every partner's webhooks, deleted ones included, newest first (at most 500).",
  })
  allWebhooks(@Ctx() ctx: RequestContext): Promise<WebhookType[]> {
    return webhookService.all(ctx);
  }

  @Query(() => WebhookDeliveryConnection, {
    description: 'Admin: webhook deliveries with their outcome, newest first, a page at a time (at most 100).',
  })
  async webhookDeliveries(
    @Ctx() ctx: RequestContext,
    @Arg('status', () => WebhookDeliveryStatusEnum, { nullable: true, description: 'Only deliveries in this state.' })
    status?: WebhookDeliveryStatus | null,
    @Arg('first', () => Int, { nullable: true, description: 'Page size, 1-100 (default 50).' }) first?: number | null,
    @Arg('after', () => String, { nullable: true, description: 'endCursor of the previous page.' })
    after?: string | null,
  ): Promise<WebhookDeliveryConnection> {
    return toConnection(await webhookService.deliveries(ctx, status, first, after));
  }
}
