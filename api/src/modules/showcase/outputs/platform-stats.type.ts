import { Field, Int, ObjectType } from 'type-graphql';

/** The landing page's figures, read live from the database (at most a minute old). */
@ObjectType('PlatformStats', { description: "The landing page's figures, read live from the database (at most a minute old). Public." })
export class PlatformStatsType {
  @Field(() => Int, { description: 'People who have uploaded sounds to the catalogue (the demo library does not count)' })
  producers!: number;

  @Field(() => Int, { description: 'First and full beats listeners generated since the start of this month (UTC)' })
  beatsThisMonth!: number;
}
