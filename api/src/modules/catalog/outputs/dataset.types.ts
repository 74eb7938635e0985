import { Field, Float, Int, ObjectType } from 'type-graphql';

/** One of the 20 genres of Our Dataset with its live share of the catalogue. */
@ObjectType('DatasetGenre', { description: 'One of the 20 genres of Our Dataset with its live share of the catalogue.' })
export class DatasetGenreType {
  @Field(() => String, { description: 'Genre name (Trap, Lo-Fi, R&B, ...).' }) name!: string;
  @Field(() => Float, { description: 'Percent of the counted sample files, two decimals; the genres add up to 100 (or are all 0)' })
  share!: number;
  @Field(() => Float, { description: 'Sample files counted towards the genre (a file of two genres counts half to each)' })
  samples!: number;
  @Field(() => String, { description: 'What the genre sounds like' }) style!: string;
  @Field(() => [String], { description: 'Three example artists' }) artists!: string[];
}

/** Our Dataset (requirements §P2): genre shares computed from the catalogue's tags. */
@ObjectType('DatasetGenreShares', { description: "Our Dataset: each of the 20 genres' share of the catalogue, computed live from its tags." })
export class DatasetGenreSharesType {
  @Field(() => [DatasetGenreType], { description: 'The 20 genres, in their fixed order' }) genres!: DatasetGenreType[];
  @Field(() => Int, { description: 'Every sample file of the catalogue (melody stems and drum loops)' }) totalSamples!: number;
  @Field(() => Int, { description: 'Files tagged with at least one of the 20 genres: the basis of the shares' }) countedSamples!: number;
  @Field(() => Float, { description: 'Genres under this share (percent) need contributions' }) contributionThreshold!: number;
}
