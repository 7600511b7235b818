import { graphql } from '../../../../gql/admin';

/** An API key as the partners page shows it (never the key itself). */
export const PARTNER_KEY_FIELDS = graphql(`
  fragment PartnerKeyFields on PartnerKey {
    id
    partnerName
    name
    keyPrefix
    rateLimitPerMinute
    usesDefaultRateLimit
    status
    createdAt
    lastUsedAt
    revokedAt
    requestsToday
    refusalsToday
    usage {
      day
      requests
      refusals
    }
  }
`);

export const PARTNER_KEYS = graphql(`
  query PartnerKeys {
    partnerKeys {
      ...PartnerKeyFields
    }
  }
`);

export const CREATE_PARTNER_KEY = graphql(`
  mutation CreatePartnerKey($input: CreatePartnerKeyInput!) {
    createPartnerKey(input: $input) {
      secret
      key {
        ...PartnerKeyFields
      }
    }
  }
`);

export const REVOKE_PARTNER_KEY = graphql(`
  mutation RevokePartnerKey($id: ID!) {
    revokePartnerKey(id: $id) {
      key {
        ...PartnerKeyFields
      }
    }
  }
`);
