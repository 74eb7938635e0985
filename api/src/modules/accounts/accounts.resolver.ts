import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { GraphQLUpload, type FileUpload } from 'graphql-upload-ts';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import { readUpload } from '../../platform/graphql/read-upload';
import { MAX_PROFILE_IMAGE_BYTES } from '../../platform/storage/sniff-content-type';
import { subscriptionTypeOf } from './accounts.presenter';
import { COUNTRIES } from './countries';
import { UpdateProfileInput } from './inputs/update-profile.input';
import { UserType } from './outputs/user.type';
import type { User } from './user.entity';
import { TokenScope } from '../../platform/graphql/token-scope';

async function presentUser(services: GraphQLContext['services'], user: User): Promise<UserType> {
  const { accounts } = services;
  const billing = await services.billingAccounts.stateOf(user.id);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    userType: user.userType ?? null,
    creatorName: user.creatorName ?? null,
    fname: user.fname ?? null,
    lname: user.lname ?? null,
    country: user.country ?? null,
    imageUrl: await accounts.imageUrl(user),
    subscriptionType: subscriptionTypeOf(billing.level),
    subscriptionLevel: billing.level,
    tokensRemaining: billing.credits,
    isAdmin: user.isAdmin,
    emailConfirmationPending: accounts.freeTokensAwaitConfirmation(user, billing.cycleEnd !== null),
    createdAt: user.createdAt,
  };
}

@Resolver(() => UserType)
export class AccountsResolver {
  @Authorized()
  @TokenScope('account:read')
  @Query(() => UserType, { description: 'The signed-in user. UNAUTHENTICATED without a valid access token.' })
  async me(@Ctx() ctx: GraphQLContext): Promise<UserType> {
    return presentUser(ctx.services, await requireUser(ctx));
  }

  @TokenScope('public')
  @Query(() => [String], { description: 'The countries a profile may name, in display order. Public.' })
  countries(): string[] {
    return [...COUNTRIES];
  }

  @Authorized()
  @Mutation(() => UserType, { description: 'Saves the given profile fields and, optionally, a new picture (PNG, JPEG or WebP, at most 5 MB; a multipart request with the apollo-require-preflight header). BAD_USER_INPUT on a bad field or picture.' })
  async updateProfile(
    @Arg('input', () => UpdateProfileInput, { description: 'The fields to change.' }) input: UpdateProfileInput,
    @Arg('image', () => GraphQLUpload, { nullable: true, description: 'A new profile picture (PNG, JPEG or WebP, at most 5 MB); null keeps the current one.' }) image: Promise<FileUpload> | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UserType> {
    const user = await requireUser(ctx);
    const bytes = image ? await readUpload(image, MAX_PROFILE_IMAGE_BYTES, 'picture') : undefined;
    const updated = await ctx.services.accounts.updateProfile(user.id, { ...input }, bytes ? { bytes } : undefined);
    return presentUser(ctx.services, updated);
  }

  @Authorized()
  @Mutation(() => String, {
    description:
      'Mails a new email confirmation link to the signed-in account (the built-in sign-in only) and answers what was done. CONFLICT when the address is already confirmed or the account signs in through an external provider; TOO_MANY_REQUESTS after 3 links in an hour.',
  })
  async resendEmailConfirmation(@Ctx() ctx: GraphQLContext): Promise<string> {
    return ctx.services.accounts.resendConfirmation(await requireUser(ctx));
  }

  @Authorized()
  @Mutation(() => UserType, { description: 'Records the email and username an external identity provider showed the user (sent once per sign-in; accounts of the built-in provider stay as they are). CONFLICT when the email belongs to another account.' })
  async syncUser(
    @Arg('email', () => String, { description: 'Email the identity provider showed (at most 254 characters).' }) email: string,
    @Arg('username', () => String, { description: 'Username the identity provider showed (1 to 60 characters); a taken one gets a free variant.' }) username: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<UserType> {
    const user = await ctx.services.accounts.syncUser(await requireUser(ctx), { email, username });
    return presentUser(ctx.services, user);
  }
}
