import { Field, InputType, Int } from 'type-graphql';

@InputType('CreateAccessTokenInput', { description: 'A new personal access token' })
export class CreateAccessTokenInput {
  @Field(() => String, { description: '1 to 60 printable characters, without < or >' })
  name!: string;

  @Field(() => [String], { description: 'At least one of accessTokenScopes' })
  scopes!: string[];

  @Field(() => Int, { nullable: true, description: 'Days until it expires (1 to 365); omitted or null: 90' })
  expiresInDays?: number | null;
}

@InputType('ExtendAccessTokenInput', { description: "A personal access token's new expiry" })
export class ExtendAccessTokenInput {
  @Field(() => Int, { nullable: true, description: 'Days from now until it expires (1 to 365); omitted or null: 90' })
  expiresInDays?: number | null;
}
