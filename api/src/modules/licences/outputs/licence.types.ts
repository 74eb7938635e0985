import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum LicenceStatusEnum {
  VALID = 'VALID',
  REFUNDED = 'REFUNDED',
  SUPERSEDED = 'SUPERSEDED',
}
registerEnumType(LicenceStatusEnum, { name: 'LicenceStatus', description: 'Whether a licence is in force',
  valuesConfig: {
    VALID: { description: 'In force.' },
    REFUNDED: { description: 'The payment was returned: the licence grants nothing.' },
    SUPERSEDED: { description: 'A lease that ended because the beat was later sold exclusively.' },
  },
});

export enum LicenceFileKindEnum {
  MP3 = 'MP3',
  WAV = 'WAV',
  STEMS = 'STEMS',
  DOCUMENT = 'DOCUMENT',
}
registerEnumType(LicenceFileKindEnum, { name: 'LicenceFileKind', description: 'A file a licence delivers',
  valuesConfig: {
    MP3: { description: 'The beat as an MP3 at 320 kbps.' },
    WAV: { description: 'The beat as a WAV master.' },
    STEMS: { description: 'A zip of one WAV per layer (Advanced Lease and the exclusives).' },
    DOCUMENT: { description: 'The licence as a PDF.' },
  },
});

export enum LicenceOrderStatusEnum {
  OPEN = 'OPEN',
  PAID = 'PAID',
  REFUND_PENDING = 'REFUND_PENDING',
  REFUNDED = 'REFUNDED',
  EXPIRED = 'EXPIRED',
}
registerEnumType(LicenceOrderStatusEnum, { name: 'LicenceOrderStatus', description: 'The state of a licence order',
  valuesConfig: {
    OPEN: { description: 'Waiting for the payment.' },
    PAID: { description: 'Paid: the licence is issued.' },
    REFUND_PENDING: { description: 'Paid but refused (for example the beat was sold exclusively first); the refund is on its way.' },
    REFUNDED: { description: 'Paid, refused and refunded.' },
    EXPIRED: { description: 'The checkout expired unpaid.' },
  },
});

export enum LeaseUnavailableReasonEnum {
  SOLD_EXCLUSIVELY = 'SOLD_EXCLUSIVELY',
  PRODUCERS_DO_NOT_SELL = 'PRODUCERS_DO_NOT_SELL',
  PLAN = 'PLAN',
}
registerEnumType(LeaseUnavailableReasonEnum, { name: 'LeaseUnavailableReason', description: 'Why a lease option is not on offer to the signed-in user',
  valuesConfig: {
    SOLD_EXCLUSIVELY: { description: 'The beat was sold exclusively: nothing of it is for sale any more.' },
    PRODUCERS_DO_NOT_SELL: { description: 'An exclusive tier that a producer of the beat does not sell.' },
    PLAN: { description: "An exclusive tier the user's plan does not include (Premium and above buy full rights)." },
  },
});

@ObjectType('LeaseOption', { description: 'One licence a beat can be bought with (requirements §L3 "Lease option")' })
export class LeaseOptionType {
  @Field(() => String, { description: 'standard, advanced, excindie or exclabel' })
  priceId!: string;

  @Field(() => String, { description: 'Standard Lease, Advanced Lease, Exclusive Rights (Indie), Exclusive Rights (Label)' })
  title!: string;

  @Field(() => [String], { description: 'Files delivered and the terms in force, one line each' })
  details!: string[];

  @Field(() => Int, { description: 'Price in US cents: the sum over producers of share x their price' })
  priceCents!: number;

  @Field(() => Boolean, { description: 'True when the signed-in user can buy it now; false ones say why in unavailableReason and unavailableMessage' })
  available!: boolean;

  @Field(() => LeaseUnavailableReasonEnum, { nullable: true, description: 'Why it is not on offer; null when available' })
  unavailableReason!: LeaseUnavailableReasonEnum | null;

  @Field(() => String, { nullable: true, description: 'The reason in the words a checkout of it is refused with; null when available' })
  unavailableMessage!: string | null;
}

@ObjectType('BeatLicenceOffer', { description: 'What a beat can be licensed for; only its owner sees it' })
export class BeatLicenceOfferType {
  @Field(() => ID, { description: 'The beat.' })
  beatId!: string;

  @Field(() => Boolean, { description: 'True once an exclusive was sold: no further sales' })
  soldExclusively!: boolean;

  @Field(() => [LeaseOptionType], { description: 'The options the user can buy now: empty when sold exclusively; exclusives only when every producer sells them and the plan includes them' })
  options!: LeaseOptionType[];

  @Field(() => [LeaseOptionType], { description: 'All four tiers in the modal\'s order, each with whether the user can buy it and, if not, why' })
  tiers!: LeaseOptionType[];
}

@ObjectType('LicenseCheckout', { description: 'A started licence checkout: send the browser to checkoutUrl' })
export class LicenseCheckoutType {
  @Field(() => String, { description: 'The checkout session id (cs_... at Stripe, local_cs_... locally)' })
  id!: string;

  @Field(() => String, { description: "Where to send the browser: Stripe Checkout, or the api's local checkout page without Stripe." })
  checkoutUrl!: string;
}

@ObjectType('LicensedProducer', { description: 'A producer credited on a licence' })
export class LicensedProducerType {
  @Field(() => String, { description: 'Producer name.' })
  name!: string;

  @Field(() => Int, { description: 'Share of the beat in basis points (1/100 %); a licence sums to 10000' })
  shareBasisPoints!: number;
}

@ObjectType('LicenceTerm', { description: 'One term in force, as printed on the licence' })
export class LicenceTermType {
  @Field(() => String, { description: "The term's name (Term, Distribution copies, ...)." })
  label!: string;

  @Field(() => String, { description: 'Its value (3 years, 1000, Yes, ...).' })
  value!: string;
}

@ObjectType('LicenceTierTerms', { description: "One licence tier as a beat whose producers keep the default contract terms grants it: what the information pages quote" })
export class LicenceTierTermsType {
  @Field(() => String, { description: 'standard, advanced, excindie or exclabel' })
  priceId!: string;

  @Field(() => String, { description: 'Standard Lease, Advanced Lease, Exclusive Rights (Indie), Exclusive Rights (Label)' })
  title!: string;

  @Field(() => String, { description: 'The files it delivers (MP3 and WAV; MP3, WAV and stems).' })
  files!: string;

  @Field(() => String, { description: 'The audio streams it allows with the default terms (250,000 streams, Unlimited streams).' })
  streams!: string;

  @Field(() => [String], { description: 'The lines the Purchase Rights modal shows for a beat with the default terms.' })
  details!: string[];

  @Field(() => [LicenceTermType], { description: 'The terms the licence document prints for a beat with the default terms.' })
  terms!: LicenceTermType[];

  @Field(() => Int, { description: 'The platform default price in US cents (producers set their own).' })
  defaultPriceCents!: number;
}

@ObjectType('LicenceFileInfo', { description: 'A file of a licence, ready to download' })
export class LicenceFileInfoType {
  @Field(() => LicenceFileKindEnum, { description: 'Which file: MP3, WAV, STEMS or DOCUMENT.' })
  kind!: LicenceFileKindEnum;

  @Field(() => String, { description: 'File name the download is saved as.' })
  fileName!: string;

  @Field(() => Int, { description: 'Size in bytes.' })
  bytes!: number;
}

@ObjectType('Licence', { description: "A licence the signed-in user bought" })
export class LicenceType {
  @Field(() => ID, { description: 'Licence id (UUID), also its verification id.' })
  id!: string;

  @Field(() => ID, { description: 'The licensed beat.' })
  beatId!: string;

  @Field(() => String, { description: "The licensed beat's title." })
  beatTitle!: string;

  @Field(() => String, { description: 'standard, advanced, excindie or exclabel' })
  tier!: string;

  @Field(() => String, { description: 'Standard Lease, Advanced Lease, Exclusive Rights (Indie) or Exclusive Rights (Label).' })
  tierTitle!: string;

  @Field(() => Int, { description: 'Price paid in cents.' })
  priceCents!: number;

  @Field(() => String, { description: 'ISO currency, lower case (usd).' })
  currency!: string;

  @Field(() => LicenceStatusEnum, { description: 'VALID, REFUNDED or SUPERSEDED.' })
  status!: LicenceStatusEnum;

  @Field(() => Date, { description: 'When it was issued (UTC).' })
  issuedAt!: Date;

  @Field(() => [LicensedProducerType], { description: 'Producers credited, with their shares.' })
  producers!: LicensedProducerType[];

  @Field(() => [LicenceTermType], { description: 'The terms in force, as printed on the licence.' })
  terms!: LicenceTermType[];

  @Field(() => Boolean, { description: 'False while the files are being prepared' })
  filesReady!: boolean;

  @Field(() => [LicenceFileInfoType], { description: 'Empty until filesReady' })
  files!: LicenceFileInfoType[];

  @Field(() => String, { description: 'The public verification address' })
  verifyUrl!: string;
}

@ObjectType('LicenceCheckoutState', { description: 'A licence checkout as the success page shows it' })
export class LicenceCheckoutStateType {
  @Field(() => String, { description: 'The checkout session id.' })
  sessionId!: string;

  @Field(() => LicenceOrderStatusEnum, { description: "The order's state." })
  status!: LicenceOrderStatusEnum;

  @Field(() => String, { description: 'standard, advanced, excindie or exclabel.' })
  tier!: string;

  @Field(() => Int, { description: 'Price in cents.' })
  priceCents!: number;

  @Field(() => String, { nullable: true, description: 'Why the payment was refunded' })
  refundReason!: string | null;

  @Field(() => LicenceType, { nullable: true, description: 'The licence, once issued' })
  licence!: LicenceType | null;
}

@ObjectType('LicenceVerification', { description: 'What the public verification page shows: nothing else about the buyer than a masked name' })
export class LicenceVerificationType {
  @Field(() => ID, { description: 'Licence id.' })
  id!: string;

  @Field(() => LicenceStatusEnum, { description: 'VALID, REFUNDED or SUPERSEDED.' })
  status!: LicenceStatusEnum;

  @Field(() => String, { description: 'standard, advanced, excindie or exclabel.' })
  tier!: string;

  @Field(() => String, { description: "The tier's title." })
  tierTitle!: string;

  @Field(() => Date, { description: 'When it was issued (UTC).' })
  issuedAt!: Date;

  @Field(() => String, { description: "The licensed beat's title." })
  beatTitle!: string;

  @Field(() => [LicensedProducerType], { description: 'Producers credited, with their shares.' })
  producers!: LicensedProducerType[];

  @Field(() => String, { description: 'e.g. "A*** L***"' })
  maskedBuyerName!: string;
}

@ObjectType('LicenceDownload', { description: 'A short-lived download address signed for the licence holder, answered as an attachment: open it as is, or with the holder\'s bearer token' })
export class LicenceDownloadType {
  @Field(() => String, { description: 'The address to GET with the same Authorization header; valid 5 minutes.' })
  url!: string;

  @Field(() => String, { description: 'File name to save it as.' })
  fileName!: string;

  @Field(() => Date, { description: 'When the address stops working (UTC).' })
  expiresAt!: Date;
}

@ObjectType('LicenceNotice', { description: 'An in-app notice on My Account about a licence or a refunded payment' })
export class LicenceNoticeType {
  @Field(() => ID, { description: 'Notice id.' })
  id!: string;

  @Field(() => String, { description: 'licence_issued or payment_refunded' })
  kind!: string;

  @Field(() => String, { description: "The notice's text." })
  message!: string;

  @Field(() => ID, { nullable: true, description: 'The licence it is about; null for a refunded payment without one.' })
  licenceId!: string | null;

  @Field(() => Date, { description: 'When it was posted (UTC).' })
  createdAt!: Date;

  @Field(() => Boolean, { description: 'True once marked read.' })
  read!: boolean;
}
