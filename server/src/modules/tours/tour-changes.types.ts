import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionType } from '../../common/graphql-types.js';
import { TourType } from './tour.types.js';

/** What happened to a tour. */
export enum TourChangeKind {
  UPDATED = 'UPDATED',
  DELETED = 'DELETED',
}

registerEnumType(TourChangeKind, {
  name: 'TourChangeKind',
  description: 'What happened to a tour (OCTO product).',
  valuesConfig: {
    UPDATED: {
      description:
        'Added or changed, its publication status included: an inactive or draft tour stays in the public catalogue, ' +
        'marked Unavailable or Coming Soon, and its departures read CLOSED.',
    },
    DELETED: { description: 'Deleted from the catalogue: drop it and its departures.' },
  },
});

@ObjectType({ description: 'The latest change of one tour (OCTO product) since the moment asked for.' })
export class TourChange {
  @Field(() => ID, { description: 'The tour (OCTO product id).' })
  tourId!: string;

  @Field(() => TourChangeKind, { description: 'UPDATED or DELETED.' })
  change!: TourChangeKind;

  @Field({ description: 'When the change was made; the feed is ordered by it, then by tourId.' })
  changedAt!: Date;

  @Field({ description: 'Title of the tour (as it was when deleted).' })
  title!: string;

  @Field(() => TourType, { nullable: true, description: 'The tour as it is now; null when DELETED.' })
  tour!: TourType | null;
}

@ObjectType({ description: "A page of the catalogue's change feed, by changedAt then tourId." })
export class TourChangeConnection extends ConnectionType(TourChange, {
  edge: 'TourChangeEdge',
  edgeDescription: 'A tour change with its cursor.',
  noun: 'change',
  plural: 'changes',
  pageInfoDescription: 'Paging information: while hasNextPage, ask again with after = endCursor.',
}) {}
