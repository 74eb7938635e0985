import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';

export enum LicenceStatusEnum {
  VALID = 'VALID',
  REFUNDED = 'REFUNDED',
  SUPERSEDED = 'SUPERSEDED',
}
registerEnumType(LicenceStatusEnum, { name: 'LicenceStatus', description: 'VALID; REFUNDED (the payment was returned); SUPERSEDED (a lease after the beat was sold exclusively)' });

export enum LicenceFileKindEnum {
  MP3 = 'MP3',
  WAV = 'WAV',
  STEMS = 'STEMS',
  DOCUMENT = 'DOCUMENT',
}
registerEnumType(LicenceFileKindEnum, { name: 'LicenceFileKind', description: 'A file a licence delivers: MP3 (320 kbps), WAV, STEMS (zip of WAVs; advanced and exclusives), DOCUMENT (the licence PDF)' });

export enum LicenceOrderStatusEnum {
  OPEN = 'OPEN',
  PAID = 'PAID',
  REFUND_PENDING = 'REFUND_PENDING',
  REFUNDED = 'REFUNDED',
  EXPIRED = 'EXPIRED',
}
registerEnumType(LicenceOrderStatusEnum, { name: 'LicenceOrderStatus', description: 'OPEN (waiting for payment), PAID (licence issued), REFUND_PENDING/REFUNDED (paid but refused, e.g. the beat was sold exclusively first), EXPIRED' });

@ObjectType('LeaseOption', { description: 'One licence a beat can be bought with (spec 1 "Lease option")' })
export class LeaseOptionType {
  @Field(() => String, { description: 'standard, advanced, excindie or exclabel' })
  priceId!: string;

  @Field(() => String, { description: 'Standard Lease, Advanced Lease, Exclusive Rights (Indie), Exclusive Rights (Label)' })
  title!: string;

  @Field(() => [String], { description: 'Files delivered and the terms in force, one line each' })
  details!: string[];

  @Field(() => Int, { description: 'Price in US cents: the sum over producers of share x their price' })
  priceCents!: number;
}

@ObjectType('BeatLicenceOffer', { description: 'What a beat can be licensed for; only its owner sees it' })
export class BeatLicenceOfferType {
  @Field(() => ID)
  beatId!: string;

  @Field(() => Boolean, { description: 'True once an exclusive was sold: no further sales' })
  soldExclusively!: boolean;

  @Field(() => [LeaseOptionType], { description: 'Empty when sold exclusively; exclusives only when every producer sells them' })
  options!: LeaseOptionType[];
}

@ObjectType('LicenseCheckout', { description: 'A started licence checkout: send the browser to checkoutUrl' })
export class LicenseCheckoutType {
  @Field(() => String, { description: 'The checkout session id (cs_... at Stripe, local_cs_... locally)' })
  id!: string;

  @Field(() => String)
  checkoutUrl!: string;
}

@ObjectType('LicensedProducer', { description: 'A producer credited on a licence' })
export class LicensedProducerType {
  @Field(() => String)
  name!: string;

  @Field(() => Int, { description: 'Share of the beat in basis points (1/100 %); a licence sums to 10000' })
  shareBasisPoints!: number;
}

@ObjectType('LicenceTerm', { description: 'One term in force, as printed on the licence' })
export class LicenceTermType {
  @Field(() => String)
  label!: string;

  @Field(() => String)
  value!: string;
}

@ObjectType('LicenceFileInfo', { description: 'A file of a licence, ready to download' })
export class LicenceFileInfoType {
  @Field(() => LicenceFileKindEnum)
  kind!: LicenceFileKindEnum;

  @Field(() => String)
  fileName!: string;

  @Field(() => Int)
  bytes!: number;
}

@ObjectType('Licence', { description: "A licence the signed-in user bought" })
export class LicenceType {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  beatId!: string;

  @Field(() => String)
  beatTitle!: string;

  @Field(() => String, { description: 'standard, advanced, excindie or exclabel' })
  tier!: string;

  @Field(() => String)
  tierTitle!: string;

  @Field(() => Int)
  priceCents!: number;

  @Field(() => String)
  currency!: string;

  @Field(() => LicenceStatusEnum)
  status!: LicenceStatusEnum;

  @Field(() => Date)
  issuedAt!: Date;

  @Field(() => [LicensedProducerType])
  producers!: LicensedProducerType[];

  @Field(() => [LicenceTermType])
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
  @Field(() => String)
  sessionId!: string;

  @Field(() => LicenceOrderStatusEnum)
  status!: LicenceOrderStatusEnum;

  @Field(() => String)
  tier!: string;

  @Field(() => Int)
  priceCents!: number;

  @Field(() => String, { nullable: true, description: 'Why the payment was refunded' })
  refundReason!: string | null;

  @Field(() => LicenceType, { nullable: true, description: 'The licence, once issued' })
  licence!: LicenceType | null;
}

@ObjectType('LicenceVerification', { description: 'What the public verification page shows: nothing else about the buyer than a masked name' })
export class LicenceVerificationType {
  @Field(() => ID)
  id!: string;

  @Field(() => LicenceStatusEnum)
  status!: LicenceStatusEnum;

  @Field(() => String)
  tier!: string;

  @Field(() => String)
  tierTitle!: string;

  @Field(() => Date)
  issuedAt!: Date;

  @Field(() => String)
  beatTitle!: string;

  @Field(() => [LicensedProducerType])
  producers!: LicensedProducerType[];

  @Field(() => String, { description: 'e.g. "A*** L***"' })
  maskedBuyerName!: string;
}

@ObjectType('LicenceDownload', { description: 'A short-lived download address bound to the licence holder: GET it with the same bearer token' })
export class LicenceDownloadType {
  @Field(() => String)
  url!: string;

  @Field(() => String)
  fileName!: string;

  @Field(() => Date)
  expiresAt!: Date;
}

@ObjectType('LicenceNotice', { description: 'An in-app notice on My Account about a licence or a refunded payment' })
export class LicenceNoticeType {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'licence_issued or payment_refunded' })
  kind!: string;

  @Field(() => String)
  message!: string;

  @Field(() => ID, { nullable: true })
  licenceId!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Boolean)
  read!: boolean;
}
