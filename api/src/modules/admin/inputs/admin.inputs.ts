import { Field, ID, InputType, Int } from 'type-graphql';

@InputType('AdminUpdateTokensInput', { description: 'A new token balance for one user.' })
export class AdminUpdateTokensInput {
  @Field(() => ID, { description: "The user's account id." }) userId!: string;
  @Field(() => Int, { description: 'The new balance: a whole number from 0 to 1,000,000' }) tokensRemaining!: number;
  @Field(() => Int, { description: 'The balance the admin saw; a balance changed since answers CONFLICT' }) tokensSeen!: number;
  @Field(() => String, { nullable: true, description: 'Why (at most 500 characters), kept in the audit log; optional.' }) reason?: string | null;
}
