import { Field, ID, InputType, Int } from 'type-graphql';

@InputType('AdminUpdateTokensInput')
export class AdminUpdateTokensInput {
  @Field(() => ID) userId!: string;
  @Field(() => Int, { description: 'The new balance: a whole number from 0 to 1,000,000' }) tokensRemaining!: number;
  @Field(() => Int, { description: 'The balance the admin saw; a balance changed since answers CONFLICT' }) tokensSeen!: number;
  @Field(() => String, { nullable: true }) reason?: string | null;
}
