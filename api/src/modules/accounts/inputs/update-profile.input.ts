import { Field, InputType } from 'type-graphql';

/** Fields left out stay as they are; an empty string clears a field. */
@InputType('UpdateProfileInput', { description: 'Profile fields to change. A field left out stays as it is; an empty string clears it. Text is trimmed.' })
export class UpdateProfileInput {
  @Field(() => String, { nullable: true, description: 'What the user is: artist, producer, songwriter or listener, or an empty string to clear it (BAD_USER_INPUT otherwise).' })
  userType?: string | null;

  @Field(() => String, { nullable: true, description: 'Artist or producer name (at most 100 characters).' })
  creatorName?: string | null;

  @Field(() => String, { nullable: true, description: 'First name (at most 100 characters).' })
  fname?: string | null;

  @Field(() => String, { nullable: true, description: 'Last name (at most 100 characters).' })
  lname?: string | null;

  @Field(() => String, { nullable: true, description: 'One of the names `countries` lists, or an empty string to clear it (BAD_USER_INPUT otherwise).' })
  country?: string | null;
}
