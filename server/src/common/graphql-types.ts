import { Field, ObjectType } from 'type-graphql';

/** Relay-style page information shared by every connection. */
@ObjectType({ description: 'Where a page sits in a list: pass endCursor as `after` to get the next page.' })
export class PageInfo {
  @Field({ description: 'True when more items follow this page.' })
  hasNextPage!: boolean;

  @Field({ description: 'True when items precede this page.' })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Cursor of the first item of the page.' })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: 'Cursor of the last item of the page; pass it as `after`.' })
  endCursor!: string | null;
}
