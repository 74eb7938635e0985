import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { requireUser } from '../../graphql/current-user';
import { CreateLicenseCheckoutInput } from './inputs/licence-checkout.input';
import {
  BeatLicenceOfferType,
  LicenceCheckoutStateType,
  LicenceDownloadType,
  LicenceFileKindEnum,
  LicenceNoticeType,
  LicenceTierTermsType,
  LicenceType,
  LicenceVerificationType,
  LicenseCheckoutType,
} from './outputs/licence.types';
import { fileKindOf, presentCheckoutState, presentLicence, presentNotice, presentOffer, presentVerification } from './licences.presenter';
import { TokenScope } from '../../platform/graphql/token-scope';
import { defaultTierTerms } from './licence-tier-terms';

/** Licences for GraphQL clients: the same service calls as GET /beat-prods and POST /create-checkout-session. */
@Resolver()
export class LicencesResolver {
  @Authorized()
  @TokenScope('licences:buy')
  @Query(() => BeatLicenceOfferType, { description: "GET /beat-prods/{beat_id}: the lease options of one of the user's beats, priced by the server" })
  async beatLicenceOffer(@Arg('beatId', () => ID, { description: 'One of your beats (NOT_FOUND otherwise).' }) beatId: string, @Ctx() ctx: GraphQLContext): Promise<BeatLicenceOfferType> {
    return presentOffer(await ctx.services.licences.offer(await requireUser(ctx), beatId));
  }

  @Authorized()
  @TokenScope('licences:buy')
  @Mutation(() => LicenseCheckoutType, { description: 'POST /create-checkout-session: a payment checkout for a lease option; needs a complete profile' })
  async createLicenseCheckout(@Arg('input', () => CreateLicenseCheckoutInput, { description: 'The beat, the lease option and the buyer.' }) input: CreateLicenseCheckoutInput, @Ctx() ctx: GraphQLContext): Promise<LicenseCheckoutType> {
    return ctx.services.licences.startCheckout(await requireUser(ctx), { ...input });
  }

  @Authorized()
  @TokenScope('licences:read')
  @Query(() => [LicenceType], { description: "My Licences: the signed-in user's licences, newest first" })
  async myLicences(@Ctx() ctx: GraphQLContext): Promise<LicenceType[]> {
    const licences = ctx.services.licences;
    return (await licences.myLicences(await requireUser(ctx))).map((l) => presentLicence(l, licences.verifyUrl(l.id)));
  }

  @Authorized()
  @TokenScope('licences:buy')
  @Query(() => LicenceCheckoutStateType, { description: 'The success page of a licence checkout: its state and, once issued, the licence' })
  async licenceForCheckoutSession(@Arg('sessionId', () => String, { description: 'The checkout session id from createLicenseCheckout.' }) sessionId: string, @Ctx() ctx: GraphQLContext): Promise<LicenceCheckoutStateType> {
    const licences = ctx.services.licences;
    const { order, licence } = await licences.checkoutState(await requireUser(ctx), sessionId);
    return presentCheckoutState(order, licence, (id) => licences.verifyUrl(id));
  }

  @TokenScope('public')
  @Query(() => [LicenceTierTermsType], {
    description: 'The four licence tiers with the default contract terms (no sign-in), from the same code as the checkout and the licence PDF',
  })
  licenceTierTerms(): LicenceTierTermsType[] {
    return defaultTierTerms().map(({ tier, ...rest }) => ({ priceId: tier, ...rest }));
  }

  @TokenScope('public')
  @Query(() => LicenceVerificationType, { description: 'The public verification page /licenses/verify/:id (no sign-in): status, tier, date, beat, producers, masked buyer' })
  async licenceVerification(@Arg('id', () => ID, { description: 'Licence id (from the QR code or the verification address).' }) id: string, @Ctx() ctx: GraphQLContext): Promise<LicenceVerificationType> {
    return presentVerification(await ctx.services.licences.verification(id));
  }

  @Authorized()
  @TokenScope('licences:read')
  @Mutation(() => LicenceDownloadType, { description: 'A download address for one file of a licence, valid 5 minutes, signed for the holder: a browser opens it as is and saves the file (Content-Disposition: attachment); a bearer token sent with it must be the holder\'s' })
  async requestLicenceDownload(
    @Arg('licenceId', () => ID, { description: 'One of your licences.' }) licenceId: string,
    @Arg('file', () => LicenceFileKindEnum, { description: 'Which file.' }) file: LicenceFileKindEnum,
    @Ctx() ctx: GraphQLContext,
  ): Promise<LicenceDownloadType> {
    return ctx.services.licences.requestDownload(await requireUser(ctx), licenceId, fileKindOf(file));
  }

  @Authorized()
  @TokenScope('licences:read')
  @Query(() => [LicenceNoticeType], { description: 'My Account notices: licences issued and payments refunded, newest first (at most 50)' })
  async licenceNotices(@Ctx() ctx: GraphQLContext): Promise<LicenceNoticeType[]> {
    return (await ctx.services.licences.notices(await requireUser(ctx))).map(presentNotice);
  }

  @Authorized()
  @TokenScope('licences:read')
  @Mutation(() => LicenceNoticeType, { description: 'Marks a notice read' })
  async markLicenceNoticeRead(@Arg('id', () => ID, { description: 'One of your notices.' }) id: string, @Ctx() ctx: GraphQLContext): Promise<LicenceNoticeType> {
    return presentNotice(await ctx.services.licences.markNoticeRead(await requireUser(ctx), id));
  }
}
