import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../common/context.js';
import { contactService } from './contact.service.js';
import { ContactMessageInput, SendContactMessagePayload } from './contact.types.js';

@Resolver()
export class ContactResolver {
  @Mutation(() => SendContactMessagePayload, {
    description: 'Sends a message to the operator (contact form). At most 5 messages per 10 minutes from one address.',
  })
  sendContactMessage(
    @Ctx() ctx: RequestContext,
    @Arg('input', () => ContactMessageInput, { description: 'Name, email and message.' }) input: ContactMessageInput,
  ): Promise<SendContactMessagePayload> {
    return contactService.send(ctx, input);
  }
}
