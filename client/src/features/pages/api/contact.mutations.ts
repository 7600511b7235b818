import { graphql } from '../../../gql';

export const SEND_CONTACT_MESSAGE = graphql(`
  mutation SendContactMessage($input: ContactMessageInput!) {
    sendContactMessage(input: $input) {
      ok
      message
    }
  }
`);
