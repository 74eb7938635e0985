import { Field, ID, Int, ObjectType } from 'type-graphql';

/** The signed-in user's own account, as GraphQL shows it. */
@ObjectType('User')
export class UserType {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  username!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String, { nullable: true })
  userType!: string | null;

  @Field(() => String, { nullable: true, description: 'Artist or producer name' })
  creatorName!: string | null;

  @Field(() => String, { nullable: true })
  fname!: string | null;

  @Field(() => String, { nullable: true })
  lname!: string | null;

  @Field(() => String, { nullable: true })
  country!: string | null;

  @Field(() => String, { nullable: true, description: 'Signed, expiring address of the profile picture' })
  imageUrl!: string | null;

  @Field(() => String, { description: 'Name of the plan: Free, Early Access Premium, Premium or Enterprise' })
  subscriptionType!: string;

  @Field(() => Int, { description: '1 Free, 2 Early Access Premium, 3 Premium, 4 Enterprise' })
  subscriptionLevel!: number;

  @Field(() => Int)
  tokensRemaining!: number;

  @Field(() => Boolean)
  isAdmin!: boolean;

  @Field(() => Date)
  createdAt!: Date;
}
