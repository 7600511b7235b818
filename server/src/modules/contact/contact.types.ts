import { Field, InputType, ObjectType } from 'type-graphql';

@InputType({ description: 'The contact form: every field is required.' })
export class ContactMessageInput {
  @Field({ description: 'Sender name, at most 100 characters.' })
  name!: string;

  @Field({ description: 'Sender email address; replies go there.' })
  email!: string;

  @Field({ description: 'The message, at most 5000 characters.' })
  message!: string;
}

@ObjectType({ description: 'Answer to `sendContactMessage`.' })
export class SendContactMessagePayload {
  @Field({ description: 'True when the message was stored and passed to the operator.' })
  ok!: boolean;

  @Field({ description: "Text to show: 'Thank you! Your message has been sent.'" })
  message!: string;
}
