import { Field, ID, Int, ObjectType } from 'type-graphql';

/** The signed-in user's own account, as GraphQL shows it. */
@ObjectType('User', { description: "The signed-in user's own account (only `me` and the profile mutations return it)." })
export class UserType {
  @Field(() => ID, { description: 'Account id (UUID).' })
  id!: string;

  @Field(() => String, { description: 'Username, unique regardless of case.' })
  username!: string;

  @Field(() => String, { description: 'Email address of the account (lower-case).' })
  email!: string;

  @Field(() => String, { nullable: true, description: 'What the user calls themselves on the profile (free text, at most 50 characters); null when unset.' })
  userType!: string | null;

  @Field(() => String, { nullable: true, description: 'Artist or producer name (at most 100 characters); null when unset.' })
  creatorName!: string | null;

  @Field(() => String, { nullable: true, description: 'First name (at most 100 characters); null when unset.' })
  fname!: string | null;

  @Field(() => String, { nullable: true, description: 'Last name (at most 100 characters); null when unset.' })
  lname!: string | null;

  @Field(() => String, { nullable: true, description: 'One of the names `countries` lists; null when unset.' })
  country!: string | null;

  @Field(() => String, { nullable: true, description: 'Signed address of the profile picture, valid for an hour by default (MEDIA_URL_TTL_SECONDS); null without a picture.' })
  imageUrl!: string | null;

  @Field(() => String, { description: 'Name of the plan: Free, Early Access Premium, Premium or Enterprise' })
  subscriptionType!: string;

  @Field(() => Int, { description: '1 Free, 2 Early Access Premium, 3 Premium, 4 Enterprise' })
  subscriptionLevel!: number;

  @Field(() => Int, { description: 'Generation tokens left this billing cycle (a first beat, a regeneration and a full beat cost 1 each; edits are free).' })
  tokensRemaining!: number;

  @Field(() => Boolean, { description: 'True for staff who may use the admin queries and mutations.' })
  isAdmin!: boolean;

  @Field(() => Boolean, {
    description: "True while a new account of the built-in sign-in has not confirmed its email address: the Free plan's tokens start with the confirmation (the link mailed at registration; `resendEmailConfirmation` mails a new one).",
  })
  emailConfirmationPending!: boolean;

  @Field(() => Date, { description: 'When the account was created (UTC).' })
  createdAt!: Date;
}
