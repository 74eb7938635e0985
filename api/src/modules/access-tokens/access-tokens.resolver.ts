import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import { TokenScope } from '../../platform/graphql/token-scope';
import { presentAccessToken, presentAccessTokenEvent, presentScopes } from './access-tokens.presenter';
import { CreateAccessTokenInput, ExtendAccessTokenInput } from './inputs/create-access-token.input';
import { AccessTokenEventType, AccessTokenScopeType, AccessTokenType, CreateAccessTokenPayload } from './outputs/access-token.type';

/**
 * Managing personal access tokens. No @TokenScope on these: creating, listing and revoking tokens
 * needs a browser session, never a token (a leaked token cannot mint others or hide itself).
 */
@Resolver()
export class AccessTokensResolver {
  @TokenScope('public')
  @Query(() => [AccessTokenScopeType], { description: 'Every scope an access token may hold, with what it allows' })
  accessTokenScopes(): AccessTokenScopeType[] {
    return presentScopes();
  }

  @Authorized()
  @Query(() => [AccessTokenType], { description: "The signed-in user's access tokens that are not revoked (expired ones included), newest first" })
  async accessTokens(@Ctx() ctx: GraphQLContext): Promise<AccessTokenType[]> {
    const tokens = await ctx.services.accessTokens.list(await requireUser(ctx));
    return tokens.map((token) => presentAccessToken(token));
  }

  @Authorized()
  @Mutation(() => CreateAccessTokenPayload, {
    description:
      'Creates a personal access token (at most 50 active; expires after 90 days unless told otherwise); its secret is in this answer only. Needs a recent sign-in: FORBIDDEN with extensions.reason "recent_sign_in_required" otherwise',
  })
  async createAccessToken(@Arg('input', () => CreateAccessTokenInput, { description: 'The new token: its name, scopes and optional expiry.' }) input: CreateAccessTokenInput, @Ctx() ctx: GraphQLContext): Promise<CreateAccessTokenPayload> {
    const { token, secret } = await ctx.services.accessTokens.create(await requireUser(ctx), { ...input }, { authTime: ctx.token?.authTime });
    return { token: presentAccessToken(token), secret };
  }

  @Authorized()
  @Mutation(() => AccessTokenType, {
    description:
      'Sets a new expiry, counted from now, on one of your access tokens that is neither revoked nor expired. Needs a recent sign-in: FORBIDDEN with extensions.reason "recent_sign_in_required" otherwise',
  })
  async extendAccessToken(
    @Arg('id', () => ID, { description: 'The id of one of your access tokens (from accessTokens).' }) id: string,
    @Arg('input', () => ExtendAccessTokenInput, { description: 'The new expiry.', nullable: true }) input: ExtendAccessTokenInput | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AccessTokenType> {
    return presentAccessToken(await ctx.services.accessTokens.extend(await requireUser(ctx), id, { ...(input ?? {}) }, { authTime: ctx.token?.authTime }));
  }

  @Authorized()
  @Query(() => [AccessTokenEventType], { description: 'The latest 50 creations, extensions and revocations of your access tokens, newest first' })
  async accessTokenActivity(@Ctx() ctx: GraphQLContext): Promise<AccessTokenEventType[]> {
    const events = await ctx.services.accessTokens.activity(await requireUser(ctx));
    return events.map((event) => presentAccessTokenEvent(event));
  }

  @Authorized()
  @Mutation(() => AccessTokenType, { description: 'Revokes one of your access tokens: its next request, on any server, is refused' })
  async revokeAccessToken(@Arg('id', () => ID, { description: 'The id of one of your access tokens (from accessTokens).' }) id: string, @Ctx() ctx: GraphQLContext): Promise<AccessTokenType> {
    return presentAccessToken(await ctx.services.accessTokens.revoke(await requireUser(ctx), id));
  }
}
