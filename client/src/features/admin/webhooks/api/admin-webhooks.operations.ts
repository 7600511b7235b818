import { graphql } from '../../../../gql/admin';

/** Webhook deliveries with their outcome, newest first, optionally of one status. */
export const WEBHOOK_DELIVERIES = graphql(`
  query AdminWebhookDeliveries($status: WebhookDeliveryStatus, $first: Int, $after: String) {
    webhookDeliveries(status: $status, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        webhookId
        url
        partnerName
        event
        status
        attempts
        lastStatusCode
        lastError
        createdAt
        nextAttemptAt
        deliveredAt
      }
    }
  }
`);
