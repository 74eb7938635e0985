import { Field, InputType } from 'type-graphql';

/** Fields left out stay as they are; an empty string clears a field. */
@InputType('UpdateProfileInput')
export class UpdateProfileInput {
  @Field(() => String, { nullable: true })
  userType?: string | null;

  @Field(() => String, { nullable: true })
  creatorName?: string | null;

  @Field(() => String, { nullable: true })
  fname?: string | null;

  @Field(() => String, { nullable: true })
  lname?: string | null;

  @Field(() => String, { nullable: true, description: 'One of the `countries`, or empty' })
  country?: string | null;
}
