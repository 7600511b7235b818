import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GraphQLDateTimeISO } from 'graphql-scalars';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type WebhookDeliveryStatus,
  type WebhookEventName,
} from '@tembea/schema';
import { ConnectionType } from '../../common/graphql-types.js';

/** The events, as a GraphQL enum (its values are the schema package's names). */
export const WebhookEventEnum = Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, e])) as { [K in WebhookEventName]: K };
export const WebhookDeliveryStatusEnum = Object.fromEntries(WEBHOOK_DELIVERY_STATUSES.map((s) => [s, s])) as {
  [K in WebhookDeliveryStatus]: K;
};

registerEnumType(WebhookEventEnum, {
  name: 'WebhookEvent',
  description: 'What a webhook can be told about.',
  valuesConfig: {
    TOUR_CHANGED: {
      description:
        'A tour was created, updated (UPDATED) or deleted (DELETED). Body: {event, tourId, change, occurredAt}.',
    },
    SEATS_CHANGED: {
      description:
        "A departure's seats left or closed flag changed (a booking, a cancellation, an admin's change). Body: {event, departureId, tourId, startDate, seatsLeft, closed, occurredAt}.",
    },
  },
});

registerEnumType(WebhookDeliveryStatusEnum, {
  name: 'WebhookDeliveryStatus',
  description: 'Where a delivery stands.',
  valuesConfig: {
    PENDING: { description: 'Queued, not tried yet.' },
    DELIVERED: { description: 'The receiver answered with a 2xx status.' },
    FAILED: { description: 'The last attempt failed; another is due at nextAttemptAt.' },
    GIVEN_UP: {
      description: 'Every attempt failed, or the webhook was deleted or its API key revoked: it will not be sent.',
    },
  },
});

@InputType({ description: 'A receiver of webhooks.' })
export class RegisterWebhookInput {
  @Field({
    description:
      'Where deliveries are POSTed: an https URL (http only for localhost), at most 2000 characters. Redirects are not followed.',
  })
  url!: string;

  @Field(() => [WebhookEventEnum], { description: 'The events to receive, one or more.' })
  events!: WebhookEventName[];
}

@ObjectType('Webhook', {
  description:
    "A partner's receiver of webhook events. Every delivery is signed with its secret in the Tembea-Signature header.",
})
export class WebhookType {
  @Field(() => ID, { description: 'Webhook id.' })
  id!: string;

  @Field({ description: 'The partner agency whose API key registered it.' })
  partnerName!: string;

  @Field({ description: 'Where deliveries are POSTed.' })
  url!: string;

  @Field(() => [WebhookEventEnum], { description: 'The events it receives.' })
  events!: WebhookEventName[];

  @Field(() => GraphQLDateTimeISO, { description: 'When it was registered.' })
  createdAt!: Date;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'When it was deleted or its API key revoked; null while it receives deliveries.',
  })
  disabledAt!: Date | null;
}

@ObjectType({
  description:
    'Answer to `registerWebhook`: the webhook just registered, with the secret that signs its deliveries: shown this once, keep it safe.',
})
export class RegisterWebhookPayload {
  @Field(() => WebhookType, { description: 'The webhook.' })
  webhook!: WebhookType;

  @Field({
    description: "The signing secret: verify each delivery's Tembea-Signature with it. It is never shown again.",
  })
  secret!: string;
}

@ObjectType({ description: 'Answer to `deleteWebhook`: the webhook receives nothing more.' })
export class DeleteWebhookPayload {
  @Field(() => ID, { description: 'Id of the webhook deleted.' })
  deletedWebhookId!: string;
}

@ObjectType('WebhookDelivery', {
  description: 'One event sent (or to be sent) to one webhook, with the outcome of its attempts.',
})
export class WebhookDeliveryType {
  @Field(() => ID, { description: 'Delivery id, sent as Tembea-Webhook-Id (the same on every attempt).' })
  id!: string;

  @Field(() => ID, { description: 'The webhook it is for.' })
  webhookId!: string;

  @Field({ description: "The webhook's URL." })
  url!: string;

  @Field({ description: 'The partner agency that registered the webhook.' })
  partnerName!: string;

  @Field(() => WebhookEventEnum, { description: 'The event.' })
  event!: WebhookEventName;

  @Field(() => WebhookDeliveryStatusEnum, { description: 'Where it stands.' })
  status!: WebhookDeliveryStatus;

  @Field(() => Int, { description: 'Attempts made so far.' })
  attempts!: number;

  @Field(() => Int, {
    nullable: true,
    description:
      'HTTP status of the last answer; null when none came (no connection, timeout) or before the first attempt.',
  })
  lastStatusCode!: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why the last attempt failed, in one line; null after a success.',
  })
  lastError!: string | null;

  @Field(() => GraphQLDateTimeISO, { description: 'When the event was queued.' })
  createdAt!: Date;

  @Field(() => GraphQLDateTimeISO, {
    nullable: true,
    description: 'When the next attempt is due; null once DELIVERED or GIVEN_UP.',
  })
  nextAttemptAt!: Date | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When a receiver accepted it; null until then.' })
  deliveredAt!: Date | null;
}

@ObjectType({ description: 'A page of webhook deliveries, newest first.' })
export class WebhookDeliveryConnection extends ConnectionType(WebhookDeliveryType, {
  edge: 'WebhookDeliveryEdge',
  edgeDescription: 'A webhook delivery and its cursor.',
  noun: 'delivery',
  plural: 'deliveries',
  nodes: true,
  totalCount: 'Number of deliveries matching the status, over all pages.',
}) {}
