import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('AccessToken', { description: 'A personal access token: a named credential acting for its user within its scopes. Its secret is never shown again.' })
export class AccessTokenType {
  @Field(() => ID, { description: 'The token\'s id (used to revoke it; not the secret).' })
  id!: string;

  @Field(() => String, { description: 'The name its user gave it' })
  name!: string;

  @Field(() => String, { description: 'The first 12 characters of the secret (bp_pat_ and five more), to tell tokens apart' })
  hint!: string;

  @Field(() => [String], { description: 'What the token may do, e.g. beats:read (see accessTokenScopes)' })
  scopes!: string[];

  @Field(() => Date, { description: 'When it was created' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it stops working; null for never' })
  expiresAt!: Date | null;

  @Field(() => Boolean, { description: 'True once its expiry has passed' })
  expired!: boolean;

  @Field(() => Date, { nullable: true, description: 'Its last request; null when never used' })
  lastUsedAt!: Date | null;

  @Field(() => Int, { description: 'Requests made with it (HTTP requests and WebSocket operations)' })
  useCount!: number;

  @Field(() => Date, { nullable: true, description: 'When it was revoked; null while it is not' })
  revokedAt!: Date | null;
}

@ObjectType('CreateAccessTokenPayload', { description: 'A new token and its secret, shown this once' })
export class CreateAccessTokenPayload {
  @Field(() => AccessTokenType, { description: 'The token as listings show it' })
  token!: AccessTokenType;

  @Field(() => String, { description: 'The secret (bp_pat_…): send it as "Authorization: Bearer <secret>". It is not stored and is never shown again.' })
  secret!: string;
}

@ObjectType('AccessTokenScope', { description: 'One scope an access token may hold' })
export class AccessTokenScopeType {
  @Field(() => String, { description: 'Its name, e.g. beats:read' })
  name!: string;

  @Field(() => String, { description: 'What it allows, in plain words' })
  description!: string;

  @Field(() => Boolean, { description: 'Only producers may give a token this scope' })
  producersOnly!: boolean;
}

@ObjectType('AccessTokenEvent', { description: 'One entry of the audit log about your access tokens' })
export class AccessTokenEventType {
  @Field(() => ID, { description: "The entry's id" })
  id!: string;

  @Field(() => String, { description: 'created, extended or revoked' })
  action!: string;

  @Field(() => ID, { description: 'The access token it is about' })
  tokenId!: string;

  @Field(() => String, { nullable: true, description: "The token's name when the entry was written" })
  tokenName!: string | null;

  @Field(() => Date, { nullable: true, description: 'The expiry the action set (created and extended)' })
  expiresAt!: Date | null;

  @Field(() => Date, { description: 'When it happened' })
  createdAt!: Date;
}
