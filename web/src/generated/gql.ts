/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query AccessTokens {\n  accessTokens {\n    id\n    name\n    hint\n    scopes\n    createdAt\n    expiresAt\n    expired\n    lastUsedAt\n    useCount\n  }\n  accessTokenScopes {\n    name\n    description\n    producersOnly\n  }\n  accessTokenActivity {\n    id\n    action\n    tokenId\n    tokenName\n    expiresAt\n    createdAt\n  }\n}": typeof types.AccessTokensDocument,
    "mutation CreateAccessToken($input: CreateAccessTokenInput!) {\n  createAccessToken(input: $input) {\n    secret\n    token {\n      id\n      name\n      hint\n      scopes\n      createdAt\n      expiresAt\n      expired\n      lastUsedAt\n      useCount\n    }\n  }\n}": typeof types.CreateAccessTokenDocument,
    "mutation ExtendAccessToken($id: ID!, $input: ExtendAccessTokenInput) {\n  extendAccessToken(id: $id, input: $input) {\n    id\n    expiresAt\n    expired\n  }\n}": typeof types.ExtendAccessTokenDocument,
    "mutation RevokeAccessToken($id: ID!) {\n  revokeAccessToken(id: $id) {\n    id\n    revokedAt\n  }\n}": typeof types.RevokeAccessTokenDocument,
    "fragment AccountUser on User {\n  id\n  username\n  email\n  userType\n  creatorName\n  fname\n  lname\n  country\n  imageUrl\n  subscriptionType\n  subscriptionLevel\n  tokensRemaining\n  isAdmin\n  emailConfirmationPending\n  createdAt\n}": typeof types.AccountUserFragmentDoc,
    "query Me {\n  me {\n    ...AccountUser\n  }\n}": typeof types.MeDocument,
    "mutation ResendEmailConfirmation {\n  resendEmailConfirmation\n}": typeof types.ResendEmailConfirmationDocument,
    "mutation SyncUser($email: String!, $username: String!) {\n  syncUser(email: $email, username: $username) {\n    ...AccountUser\n  }\n}": typeof types.SyncUserDocument,
    "mutation UpdateProfile($input: UpdateProfileInput!, $image: Upload) {\n  updateProfile(input: $input, image: $image) {\n    ...AccountUser\n  }\n}": typeof types.UpdateProfileDocument,
    "fragment BeatFields on Beat {\n  id\n  title\n  prompt\n  bpm\n  key\n  mode\n  structure\n  kind\n  audioUrl\n  downloadUrl\n  durationSeconds\n  peaks\n  producers {\n    name\n    percent\n  }\n  sections {\n    label\n    drums\n    removedDrums\n    energy\n  }\n  parentId\n  reading {\n    summary\n    ignored\n  }\n  createdAt\n}": typeof types.BeatFieldsFragmentDoc,
    "query Beat($id: ID!) {\n  beat(id: $id) {\n    ...BeatFields\n  }\n}": typeof types.BeatDocument,
    "query MyBeats {\n  myBeats {\n    id\n    prompt\n    kind\n    createdAt\n    producers {\n      name\n      percent\n    }\n  }\n}": typeof types.MyBeatsDocument,
    "mutation CancelSubscription {\n  cancelSubscription {\n    message\n    subscriptionType\n  }\n}": typeof types.CancelSubscriptionDocument,
    "query CheckoutSession($sessionId: String!) {\n  checkoutSession(sessionId: $sessionId) {\n    customerName\n    customerEmail\n    amountTotal\n    currency\n    paymentStatus\n    subscriptionId\n  }\n}": typeof types.CheckoutSessionDocument,
    "mutation CreateCheckoutSession($priceId: String!) {\n  createCheckoutSession(priceId: $priceId) {\n    checkoutUrl\n    sessionId\n  }\n}": typeof types.CreateCheckoutSessionDocument,
    "query MySubscription {\n  mySubscription {\n    level\n    subscriptionType\n    tokensRemaining\n    tokensRefreshAt\n    provider\n    status\n    cancelAtPeriodEnd\n    currentPeriodEnd\n  }\n}": typeof types.MySubscriptionDocument,
    "query Plans {\n  plans {\n    level\n    name\n    type\n    priceId\n    priceCents\n    currency\n    period\n    tokensPerMonth\n    tokensText\n    description\n    features {\n      id\n      label\n      available\n    }\n    badge\n    recommended\n    imageUrl\n  }\n}": typeof types.PlansDocument,
    "query DatasetGenres {\n  datasetGenres {\n    genres {\n      name\n      share\n      samples\n      style\n      artists\n    }\n    totalSamples\n    countedSamples\n    contributionThreshold\n  }\n}": typeof types.DatasetGenresDocument,
    "mutation ChangeDrums($beatId: ID!, $sections: [SectionDrumsInput!]!) {\n  changeDrums(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}": typeof types.ChangeDrumsDocument,
    "mutation RemoveDrums($beatId: ID!, $sections: [SectionDrumsInput!]!) {\n  removeDrums(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}": typeof types.RemoveDrumsDocument,
    "mutation SetGlobalDrums($beatId: ID!, $sections: [SectionDrumsInput!]!) {\n  setGlobalDrums(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}": typeof types.SetGlobalDrumsDocument,
    "mutation SetSectionEnergy($beatId: ID!, $sections: [SectionEnergyInput!]!) {\n  setSectionEnergy(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}": typeof types.SetSectionEnergyDocument,
    "mutation GenerateBeat($prompt: String!) {\n  generateBeat(prompt: $prompt) {\n    ...GenerationJobFields\n  }\n}": typeof types.GenerateBeatDocument,
    "fragment GenerationJobFields on GenerationJob {\n  id\n  status\n  stage\n  message\n  beatId\n  error\n  errorCode\n}": typeof types.GenerationJobFieldsFragmentDoc,
    "query GenerationJob($id: ID!) {\n  generationJob(id: $id) {\n    ...GenerationJobFields\n  }\n}": typeof types.GenerationJobDocument,
    "subscription GenerationProgress($jobId: ID!) {\n  generationProgress(jobId: $jobId) {\n    id\n    status\n    stage\n    message\n    beatId\n    error\n    errorCode\n    tokensRemaining\n    beat {\n      ...BeatFields\n    }\n  }\n}": typeof types.GenerationProgressDocument,
    "mutation MakeFullBeat($beatId: ID!) {\n  makeFullBeat(beatId: $beatId) {\n    ...GenerationJobFields\n  }\n}": typeof types.MakeFullBeatDocument,
    "mutation RegenerateBeat($beatId: ID!) {\n  regenerateBeat(beatId: $beatId) {\n    ...GenerationJobFields\n  }\n}": typeof types.RegenerateBeatDocument,
    "query LicenceTierTerms {\n  licenceTierTerms {\n    priceId\n    title\n    files\n    streams\n    details\n    terms {\n      label\n      value\n    }\n    defaultPriceCents\n  }\n}": typeof types.LicenceTierTermsDocument,
    "query PlatformStats {\n  platformStats {\n    producers\n    beatsThisMonth\n  }\n}": typeof types.PlatformStatsDocument,
    "query SampleBeats {\n  sampleBeats {\n    id\n    title\n    genre\n    audioUrl\n    key\n    mode\n    bpm\n    structure\n    durationSeconds\n    peaks\n  }\n}": typeof types.SampleBeatsDocument,
    "query BeatLicenceOffer($beatId: ID!) {\n  beatLicenceOffer(beatId: $beatId) {\n    beatId\n    soldExclusively\n    tiers {\n      priceId\n      title\n      details\n      priceCents\n      available\n      unavailableReason\n      unavailableMessage\n    }\n  }\n}": typeof types.BeatLicenceOfferDocument,
    "mutation CreateLicenseCheckout($input: CreateLicenseCheckoutInput!) {\n  createLicenseCheckout(input: $input) {\n    id\n    checkoutUrl\n  }\n}": typeof types.CreateLicenseCheckoutDocument,
    "fragment LicenceFields on Licence {\n  id\n  beatId\n  beatTitle\n  tier\n  tierTitle\n  priceCents\n  currency\n  status\n  issuedAt\n  producers {\n    name\n    shareBasisPoints\n  }\n  filesReady\n  files {\n    kind\n    fileName\n    bytes\n  }\n  verifyUrl\n}": typeof types.LicenceFieldsFragmentDoc,
    "query LicenceForCheckoutSession($sessionId: String!) {\n  licenceForCheckoutSession(sessionId: $sessionId) {\n    sessionId\n    status\n    tier\n    priceCents\n    refundReason\n    licence {\n      ...LicenceFields\n    }\n  }\n}": typeof types.LicenceForCheckoutSessionDocument,
    "query LicenceNotices {\n  licenceNotices {\n    id\n    kind\n    message\n    licenceId\n    createdAt\n    read\n  }\n}": typeof types.LicenceNoticesDocument,
    "query LicenceVerification($id: ID!) {\n  licenceVerification(id: $id) {\n    id\n    status\n    tier\n    tierTitle\n    issuedAt\n    beatTitle\n    producers {\n      name\n      shareBasisPoints\n    }\n    maskedBuyerName\n  }\n}": typeof types.LicenceVerificationDocument,
    "mutation MarkLicenceNoticeRead($id: ID!) {\n  markLicenceNoticeRead(id: $id) {\n    id\n    read\n  }\n}": typeof types.MarkLicenceNoticeReadDocument,
    "query MyLicences {\n  myLicences {\n    ...LicenceFields\n  }\n}": typeof types.MyLicencesDocument,
    "mutation RequestLicenceDownload($licenceId: ID!, $file: LicenceFileKind!) {\n  requestLicenceDownload(licenceId: $licenceId, file: $file) {\n    url\n    fileName\n    expiresAt\n  }\n}": typeof types.RequestLicenceDownloadDocument,
    "query ContractTermOptions {\n  contractTermOptions {\n    termYears\n    distributionCopies\n    streams\n    freeDownloads\n    yesNo\n    pros\n    additionalCommentsMaxLength\n    maxPriceCents\n    minimumAge\n  }\n}": typeof types.ContractTermOptionsDocument,
    "mutation ExpressDashboard {\n  expressDashboard {\n    url\n  }\n}": typeof types.ExpressDashboardDocument,
    "fragment LeaseTermsFields on LeaseTerms {\n  termYears\n  distributionCopies\n  audioStreams\n  freeDownloads\n  vidStreams\n  nonmonvidStreams\n  mvStreams\n  nonmonmvStreams\n  broadcastRights\n  performanceRights\n  nonprofitPerformances\n  synchronizationRights\n  additionalComments\n}": typeof types.LeaseTermsFieldsFragmentDoc,
    "fragment MyCompositionFields on MelodyComposition {\n  id\n  tags {\n    ...SampleTagsFields\n  }\n  bpm\n  key\n  mode\n  bars\n  detectedBpm\n  detectedKey\n  detectedMode\n  bpmMismatch\n  keyMismatch\n  stems {\n    id\n    fileName\n  }\n  createdAt\n  withdrawnAt\n}": typeof types.MyCompositionFieldsFragmentDoc,
    "query MyCompositions($page: Int!) {\n  myCompositions(page: $page) {\n    items {\n      ...MyCompositionFields\n    }\n    total\n    page\n    pages\n  }\n}": typeof types.MyCompositionsDocument,
    "fragment MyDrumLoopFields on DrumLoop {\n  id\n  fileName\n  drumType\n  tags {\n    ...SampleTagsFields\n  }\n  bpm\n  key\n  mode\n  bars\n  detectedBpm\n  detectedKey\n  bpmMismatch\n  keyMismatch\n  createdAt\n  withdrawnAt\n}": typeof types.MyDrumLoopFieldsFragmentDoc,
    "query MyDrumLoops($page: Int!) {\n  myDrumLoops(page: $page) {\n    items {\n      ...MyDrumLoopFields\n    }\n    total\n    page\n    pages\n  }\n}": typeof types.MyDrumLoopsDocument,
    "query MyEarningsCharts($months: Int) {\n  myEarningsCharts(months: $months) {\n    from\n    to\n    months {\n      month\n      earnedCents\n      paidCents\n      pendingCents\n      heldCents\n      failedCents\n      reversedCents\n    }\n    tiers {\n      tier\n      licences\n      earnedCents\n    }\n    weeks {\n      week\n      beats\n    }\n    loops {\n      id\n      kind\n      name\n      type\n      withdrawn\n      beats\n      licences\n      earnedCents\n      topGenres\n      topWords\n    }\n  }\n}": typeof types.MyEarningsChartsDocument,
    "query MyEarnings($page: Int) {\n  myEarnings(page: $page) {\n    totals {\n      earnedCents\n      paidCents\n      pendingCents\n      heldCents\n      reversedCents\n      failedCents\n    }\n    orders {\n      total\n      page\n      pages\n      items {\n        orderId\n        beatId\n        beatTitle\n        tier\n        date\n        sharePercent\n        amountCents\n        reversedCents\n        status\n        failure\n      }\n    }\n    loops {\n      id\n      kind\n      name\n      type\n      bpm\n      beats\n      withdrawn\n    }\n  }\n}": typeof types.MyEarningsDocument,
    "query MyPayoutAccount {\n  myPayoutAccount {\n    id\n    provider\n    detailsSubmitted\n    payoutsEnabled\n    requirementsDue\n    onboardingComplete\n  }\n}": typeof types.MyPayoutAccountDocument,
    "query MyProducer {\n  myProducer {\n    ...ProducerFields\n  }\n}": typeof types.MyProducerDocument,
    "mutation PayoutOnboardingLink {\n  payoutOnboardingLink {\n    url\n  }\n}": typeof types.PayoutOnboardingLinkDocument,
    "query ProducerAgreement {\n  producerAgreement {\n    fileName\n    contentType\n    contentBase64\n  }\n}": typeof types.ProducerAgreementDocument,
    "fragment ProducerFields on Producer {\n  id\n  firstName\n  lastName\n  birthDate\n  producerName\n  email\n  pro\n  proId\n  masterRoyaltiesInfo\n  pricing {\n    priceStandardCents\n    priceAdvancedCents\n    priceExclabelCents\n    priceExcindieCents\n  }\n  contract {\n    standleaseTerms {\n      ...LeaseTermsFields\n    }\n    advancedleaseTerms {\n      ...LeaseTermsFields\n    }\n    exclabelTerms {\n      sellExclusives\n      additionalComments\n    }\n    excindieTerms {\n      sellExclusives\n      additionalComments\n    }\n  }\n}": typeof types.ProducerFieldsFragmentDoc,
    "mutation ProducerSignup($input: ProducerSignupInput!) {\n  producerSignup(input: $input) {\n    redirect\n    created\n    producer {\n      ...ProducerFields\n    }\n  }\n}": typeof types.ProducerSignupDocument,
    "fragment SampleTagsFields on SampleTags {\n  artists\n  instruments\n  genres\n  moods\n  tempoStyles\n}": typeof types.SampleTagsFieldsFragmentDoc,
    "mutation SaveProducerContract($input: ProducerContractInput!) {\n  saveProducerContract(input: $input) {\n    message\n    producer {\n      ...ProducerFields\n    }\n  }\n}": typeof types.SaveProducerContractDocument,
    "mutation SaveProducerPricing($input: ProducerPricingInput!) {\n  saveProducerPricing(input: $input) {\n    message\n    producer {\n      ...ProducerFields\n    }\n  }\n}": typeof types.SaveProducerPricingDocument,
    "mutation UpdateCompositionTags($id: ID!, $tags: SampleTagsInput!) {\n  updateCompositionTags(id: $id, tags: $tags) {\n    ...MyCompositionFields\n  }\n}": typeof types.UpdateCompositionTagsDocument,
    "mutation UpdateDrumLoopTags($id: ID!, $tags: SampleTagsInput!) {\n  updateDrumLoopTags(id: $id, tags: $tags) {\n    ...MyDrumLoopFields\n  }\n}": typeof types.UpdateDrumLoopTagsDocument,
    "mutation UpdateProducerAccount($input: ProducerAccountInput!) {\n  updateProducerAccount(input: $input) {\n    message\n    producer {\n      ...ProducerFields\n    }\n  }\n}": typeof types.UpdateProducerAccountDocument,
    "query UploadPlanGate {\n  me {\n    id\n    subscriptionLevel\n  }\n  planGates {\n    id\n    message\n    minLevel\n    planName\n  }\n}": typeof types.UploadPlanGateDocument,
    "mutation WithdrawComposition($id: ID!) {\n  withdrawComposition(id: $id) {\n    id\n    withdrawnAt\n  }\n}": typeof types.WithdrawCompositionDocument,
    "mutation WithdrawDrumLoop($id: ID!) {\n  withdrawDrumLoop(id: $id) {\n    id\n    withdrawnAt\n  }\n}": typeof types.WithdrawDrumLoopDocument,
    "query BeatShare($beatId: ID!) {\n  beatShare(beatId: $beatId) {\n    shareId\n    url\n    pageUrl\n    plays\n    createdAt\n  }\n}": typeof types.BeatShareDocument,
    "mutation RecordSharedBeatPlay($shareId: ID!) {\n  recordSharedBeatPlay(shareId: $shareId)\n}": typeof types.RecordSharedBeatPlayDocument,
    "mutation ShareBeat($beatId: ID!) {\n  shareBeat(beatId: $beatId) {\n    shareId\n    url\n    pageUrl\n    plays\n    createdAt\n  }\n}": typeof types.ShareBeatDocument,
    "query SharedBeat($shareId: ID!) {\n  sharedBeat(shareId: $shareId) {\n    shareId\n    title\n    key\n    mode\n    bpm\n    structure\n    durationSeconds\n    peaks\n    producers {\n      name\n      percent\n    }\n    audioUrl\n    audioExpiresAt\n    viewerIsOwner\n    beatId\n    plays\n    url\n  }\n}": typeof types.SharedBeatDocument,
    "mutation UnshareBeat($beatId: ID!) {\n  unshareBeat(beatId: $beatId)\n}": typeof types.UnshareBeatDocument,
    "mutation ApproveRefundRequest($requestId: ID!) {\n  approveRefundRequest(requestId: $requestId) {\n    ...SupportMessageFields\n  }\n}": typeof types.ApproveRefundRequestDocument,
    "mutation DeclineRefundRequest($requestId: ID!, $reason: String!) {\n  declineRefundRequest(requestId: $requestId, reason: $reason) {\n    ...SupportMessageFields\n  }\n}": typeof types.DeclineRefundRequestDocument,
    "query MoneyBackPayments {\n  moneyBackPayments {\n    paymentId\n    subscriptionType\n    amountCents\n    currency\n    paidAt\n    refundableUntil\n    refundedAt\n    canRequestRefund\n    refundRequest {\n      ...RefundRequestFields\n    }\n  }\n}": typeof types.MoneyBackPaymentsDocument,
    "fragment RefundRequestFields on RefundRequest {\n  id\n  paymentId\n  status\n  planName\n  amountCents\n  currency\n  paidAt\n  reason\n  declineReason\n  createdAt\n  decidedAt\n}": typeof types.RefundRequestFieldsFragmentDoc,
    "mutation ReplyToSupportMessage($input: ReplyToSupportMessageInput!) {\n  replyToSupportMessage(input: $input) {\n    ...SupportMessageFields\n  }\n}": typeof types.ReplyToSupportMessageDocument,
    "mutation RequestRefund($input: RequestRefundInput!) {\n  requestRefund(input: $input) {\n    ...RefundRequestFields\n  }\n}": typeof types.RequestRefundDocument,
    "mutation SendSupportMessage($input: SendSupportMessageInput!) {\n  sendSupportMessage(input: $input) {\n    id\n    message\n  }\n}": typeof types.SendSupportMessageDocument,
    "mutation SetSupportMessageStatus($messageId: ID!, $status: SupportMessageStatus!) {\n  setSupportMessageStatus(messageId: $messageId, status: $status) {\n    ...SupportMessageFields\n  }\n}": typeof types.SetSupportMessageStatusDocument,
    "query SupportInbox($status: SupportMessageStatus, $page: Int!) {\n  supportInbox(status: $status, page: $page, pageSize: 20) {\n    currentPage\n    pages\n    total\n    counts {\n      open\n      answered\n      closed\n    }\n    items {\n      ...SupportMessageFields\n    }\n  }\n}": typeof types.SupportInboxDocument,
    "fragment SupportMessageFields on SupportMessage {\n  id\n  topic\n  message\n  reference\n  senderEmail\n  senderName\n  username\n  planName\n  status\n  createdAt\n  updatedAt\n  replies {\n    id\n    text\n    authorEmail\n    createdAt\n  }\n  refundRequest {\n    ...RefundRequestFields\n  }\n}": typeof types.SupportMessageFieldsFragmentDoc,
    "mutation UploadDrumSamples($files: [Upload!]!, $entries: [DrumUploadEntryInput!]!) {\n  uploadDrumSamples(files: $files, entries: $entries) {\n    message\n    drumLoops {\n      id\n      fileName\n      drumType\n      bpm\n      key\n      mode\n    }\n  }\n}": typeof types.UploadDrumSamplesDocument,
    "mutation UploadMelodySamples($files: [Upload!]!, $input: MelodyUploadInput!) {\n  uploadMelodySamples(files: $files, input: $input) {\n    message\n    composition {\n      id\n      bpm\n      bpmMismatch\n    }\n  }\n}": typeof types.UploadMelodySamplesDocument,
};
const documents: Documents = {
    "query AccessTokens {\n  accessTokens {\n    id\n    name\n    hint\n    scopes\n    createdAt\n    expiresAt\n    expired\n    lastUsedAt\n    useCount\n  }\n  accessTokenScopes {\n    name\n    description\n    producersOnly\n  }\n  accessTokenActivity {\n    id\n    action\n    tokenId\n    tokenName\n    expiresAt\n    createdAt\n  }\n}": types.AccessTokensDocument,
    "mutation CreateAccessToken($input: CreateAccessTokenInput!) {\n  createAccessToken(input: $input) {\n    secret\n    token {\n      id\n      name\n      hint\n      scopes\n      createdAt\n      expiresAt\n      expired\n      lastUsedAt\n      useCount\n    }\n  }\n}": types.CreateAccessTokenDocument,
    "mutation ExtendAccessToken($id: ID!, $input: ExtendAccessTokenInput) {\n  extendAccessToken(id: $id, input: $input) {\n    id\n    expiresAt\n    expired\n  }\n}": types.ExtendAccessTokenDocument,
    "mutation RevokeAccessToken($id: ID!) {\n  revokeAccessToken(id: $id) {\n    id\n    revokedAt\n  }\n}": types.RevokeAccessTokenDocument,
    "fragment AccountUser on User {\n  id\n  username\n  email\n  userType\n  creatorName\n  fname\n  lname\n  country\n  imageUrl\n  subscriptionType\n  subscriptionLevel\n  tokensRemaining\n  isAdmin\n  emailConfirmationPending\n  createdAt\n}": types.AccountUserFragmentDoc,
    "query Me {\n  me {\n    ...AccountUser\n  }\n}": types.MeDocument,
    "mutation ResendEmailConfirmation {\n  resendEmailConfirmation\n}": types.ResendEmailConfirmationDocument,
    "mutation SyncUser($email: String!, $username: String!) {\n  syncUser(email: $email, username: $username) {\n    ...AccountUser\n  }\n}": types.SyncUserDocument,
    "mutation UpdateProfile($input: UpdateProfileInput!, $image: Upload) {\n  updateProfile(input: $input, image: $image) {\n    ...AccountUser\n  }\n}": types.UpdateProfileDocument,
    "fragment BeatFields on Beat {\n  id\n  title\n  prompt\n  bpm\n  key\n  mode\n  structure\n  kind\n  audioUrl\n  downloadUrl\n  durationSeconds\n  peaks\n  producers {\n    name\n    percent\n  }\n  sections {\n    label\n    drums\n    removedDrums\n    energy\n  }\n  parentId\n  reading {\n    summary\n    ignored\n  }\n  createdAt\n}": types.BeatFieldsFragmentDoc,
    "query Beat($id: ID!) {\n  beat(id: $id) {\n    ...BeatFields\n  }\n}": types.BeatDocument,
    "query MyBeats {\n  myBeats {\n    id\n    prompt\n    kind\n    createdAt\n    producers {\n      name\n      percent\n    }\n  }\n}": types.MyBeatsDocument,
    "mutation CancelSubscription {\n  cancelSubscription {\n    message\n    subscriptionType\n  }\n}": types.CancelSubscriptionDocument,
    "query CheckoutSession($sessionId: String!) {\n  checkoutSession(sessionId: $sessionId) {\n    customerName\n    customerEmail\n    amountTotal\n    currency\n    paymentStatus\n    subscriptionId\n  }\n}": types.CheckoutSessionDocument,
    "mutation CreateCheckoutSession($priceId: String!) {\n  createCheckoutSession(priceId: $priceId) {\n    checkoutUrl\n    sessionId\n  }\n}": types.CreateCheckoutSessionDocument,
    "query MySubscription {\n  mySubscription {\n    level\n    subscriptionType\n    tokensRemaining\n    tokensRefreshAt\n    provider\n    status\n    cancelAtPeriodEnd\n    currentPeriodEnd\n  }\n}": types.MySubscriptionDocument,
    "query Plans {\n  plans {\n    level\n    name\n    type\n    priceId\n    priceCents\n    currency\n    period\n    tokensPerMonth\n    tokensText\n    description\n    features {\n      id\n      label\n      available\n    }\n    badge\n    recommended\n    imageUrl\n  }\n}": types.PlansDocument,
    "query DatasetGenres {\n  datasetGenres {\n    genres {\n      name\n      share\n      samples\n      style\n      artists\n    }\n    totalSamples\n    countedSamples\n    contributionThreshold\n  }\n}": types.DatasetGenresDocument,
    "mutation ChangeDrums($beatId: ID!, $sections: [SectionDrumsInput!]!) {\n  changeDrums(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}": types.ChangeDrumsDocument,
    "mutation RemoveDrums($beatId: ID!, $sections: [SectionDrumsInput!]!) {\n  removeDrums(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}": types.RemoveDrumsDocument,
    "mutation SetGlobalDrums($beatId: ID!, $sections: [SectionDrumsInput!]!) {\n  setGlobalDrums(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}": types.SetGlobalDrumsDocument,
    "mutation SetSectionEnergy($beatId: ID!, $sections: [SectionEnergyInput!]!) {\n  setSectionEnergy(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}": types.SetSectionEnergyDocument,
    "mutation GenerateBeat($prompt: String!) {\n  generateBeat(prompt: $prompt) {\n    ...GenerationJobFields\n  }\n}": types.GenerateBeatDocument,
    "fragment GenerationJobFields on GenerationJob {\n  id\n  status\n  stage\n  message\n  beatId\n  error\n  errorCode\n}": types.GenerationJobFieldsFragmentDoc,
    "query GenerationJob($id: ID!) {\n  generationJob(id: $id) {\n    ...GenerationJobFields\n  }\n}": types.GenerationJobDocument,
    "subscription GenerationProgress($jobId: ID!) {\n  generationProgress(jobId: $jobId) {\n    id\n    status\n    stage\n    message\n    beatId\n    error\n    errorCode\n    tokensRemaining\n    beat {\n      ...BeatFields\n    }\n  }\n}": types.GenerationProgressDocument,
    "mutation MakeFullBeat($beatId: ID!) {\n  makeFullBeat(beatId: $beatId) {\n    ...GenerationJobFields\n  }\n}": types.MakeFullBeatDocument,
    "mutation RegenerateBeat($beatId: ID!) {\n  regenerateBeat(beatId: $beatId) {\n    ...GenerationJobFields\n  }\n}": types.RegenerateBeatDocument,
    "query LicenceTierTerms {\n  licenceTierTerms {\n    priceId\n    title\n    files\n    streams\n    details\n    terms {\n      label\n      value\n    }\n    defaultPriceCents\n  }\n}": types.LicenceTierTermsDocument,
    "query PlatformStats {\n  platformStats {\n    producers\n    beatsThisMonth\n  }\n}": types.PlatformStatsDocument,
    "query SampleBeats {\n  sampleBeats {\n    id\n    title\n    genre\n    audioUrl\n    key\n    mode\n    bpm\n    structure\n    durationSeconds\n    peaks\n  }\n}": types.SampleBeatsDocument,
    "query BeatLicenceOffer($beatId: ID!) {\n  beatLicenceOffer(beatId: $beatId) {\n    beatId\n    soldExclusively\n    tiers {\n      priceId\n      title\n      details\n      priceCents\n      available\n      unavailableReason\n      unavailableMessage\n    }\n  }\n}": types.BeatLicenceOfferDocument,
    "mutation CreateLicenseCheckout($input: CreateLicenseCheckoutInput!) {\n  createLicenseCheckout(input: $input) {\n    id\n    checkoutUrl\n  }\n}": types.CreateLicenseCheckoutDocument,
    "fragment LicenceFields on Licence {\n  id\n  beatId\n  beatTitle\n  tier\n  tierTitle\n  priceCents\n  currency\n  status\n  issuedAt\n  producers {\n    name\n    shareBasisPoints\n  }\n  filesReady\n  files {\n    kind\n    fileName\n    bytes\n  }\n  verifyUrl\n}": types.LicenceFieldsFragmentDoc,
    "query LicenceForCheckoutSession($sessionId: String!) {\n  licenceForCheckoutSession(sessionId: $sessionId) {\n    sessionId\n    status\n    tier\n    priceCents\n    refundReason\n    licence {\n      ...LicenceFields\n    }\n  }\n}": types.LicenceForCheckoutSessionDocument,
    "query LicenceNotices {\n  licenceNotices {\n    id\n    kind\n    message\n    licenceId\n    createdAt\n    read\n  }\n}": types.LicenceNoticesDocument,
    "query LicenceVerification($id: ID!) {\n  licenceVerification(id: $id) {\n    id\n    status\n    tier\n    tierTitle\n    issuedAt\n    beatTitle\n    producers {\n      name\n      shareBasisPoints\n    }\n    maskedBuyerName\n  }\n}": types.LicenceVerificationDocument,
    "mutation MarkLicenceNoticeRead($id: ID!) {\n  markLicenceNoticeRead(id: $id) {\n    id\n    read\n  }\n}": types.MarkLicenceNoticeReadDocument,
    "query MyLicences {\n  myLicences {\n    ...LicenceFields\n  }\n}": types.MyLicencesDocument,
    "mutation RequestLicenceDownload($licenceId: ID!, $file: LicenceFileKind!) {\n  requestLicenceDownload(licenceId: $licenceId, file: $file) {\n    url\n    fileName\n    expiresAt\n  }\n}": types.RequestLicenceDownloadDocument,
    "query ContractTermOptions {\n  contractTermOptions {\n    termYears\n    distributionCopies\n    streams\n    freeDownloads\n    yesNo\n    pros\n    additionalCommentsMaxLength\n    maxPriceCents\n    minimumAge\n  }\n}": types.ContractTermOptionsDocument,
    "mutation ExpressDashboard {\n  expressDashboard {\n    url\n  }\n}": types.ExpressDashboardDocument,
    "fragment LeaseTermsFields on LeaseTerms {\n  termYears\n  distributionCopies\n  audioStreams\n  freeDownloads\n  vidStreams\n  nonmonvidStreams\n  mvStreams\n  nonmonmvStreams\n  broadcastRights\n  performanceRights\n  nonprofitPerformances\n  synchronizationRights\n  additionalComments\n}": types.LeaseTermsFieldsFragmentDoc,
    "fragment MyCompositionFields on MelodyComposition {\n  id\n  tags {\n    ...SampleTagsFields\n  }\n  bpm\n  key\n  mode\n  bars\n  detectedBpm\n  detectedKey\n  detectedMode\n  bpmMismatch\n  keyMismatch\n  stems {\n    id\n    fileName\n  }\n  createdAt\n  withdrawnAt\n}": types.MyCompositionFieldsFragmentDoc,
    "query MyCompositions($page: Int!) {\n  myCompositions(page: $page) {\n    items {\n      ...MyCompositionFields\n    }\n    total\n    page\n    pages\n  }\n}": types.MyCompositionsDocument,
    "fragment MyDrumLoopFields on DrumLoop {\n  id\n  fileName\n  drumType\n  tags {\n    ...SampleTagsFields\n  }\n  bpm\n  key\n  mode\n  bars\n  detectedBpm\n  detectedKey\n  bpmMismatch\n  keyMismatch\n  createdAt\n  withdrawnAt\n}": types.MyDrumLoopFieldsFragmentDoc,
    "query MyDrumLoops($page: Int!) {\n  myDrumLoops(page: $page) {\n    items {\n      ...MyDrumLoopFields\n    }\n    total\n    page\n    pages\n  }\n}": types.MyDrumLoopsDocument,
    "query MyEarningsCharts($months: Int) {\n  myEarningsCharts(months: $months) {\n    from\n    to\n    months {\n      month\n      earnedCents\n      paidCents\n      pendingCents\n      heldCents\n      failedCents\n      reversedCents\n    }\n    tiers {\n      tier\n      licences\n      earnedCents\n    }\n    weeks {\n      week\n      beats\n    }\n    loops {\n      id\n      kind\n      name\n      type\n      withdrawn\n      beats\n      licences\n      earnedCents\n      topGenres\n      topWords\n    }\n  }\n}": types.MyEarningsChartsDocument,
    "query MyEarnings($page: Int) {\n  myEarnings(page: $page) {\n    totals {\n      earnedCents\n      paidCents\n      pendingCents\n      heldCents\n      reversedCents\n      failedCents\n    }\n    orders {\n      total\n      page\n      pages\n      items {\n        orderId\n        beatId\n        beatTitle\n        tier\n        date\n        sharePercent\n        amountCents\n        reversedCents\n        status\n        failure\n      }\n    }\n    loops {\n      id\n      kind\n      name\n      type\n      bpm\n      beats\n      withdrawn\n    }\n  }\n}": types.MyEarningsDocument,
    "query MyPayoutAccount {\n  myPayoutAccount {\n    id\n    provider\n    detailsSubmitted\n    payoutsEnabled\n    requirementsDue\n    onboardingComplete\n  }\n}": types.MyPayoutAccountDocument,
    "query MyProducer {\n  myProducer {\n    ...ProducerFields\n  }\n}": types.MyProducerDocument,
    "mutation PayoutOnboardingLink {\n  payoutOnboardingLink {\n    url\n  }\n}": types.PayoutOnboardingLinkDocument,
    "query ProducerAgreement {\n  producerAgreement {\n    fileName\n    contentType\n    contentBase64\n  }\n}": types.ProducerAgreementDocument,
    "fragment ProducerFields on Producer {\n  id\n  firstName\n  lastName\n  birthDate\n  producerName\n  email\n  pro\n  proId\n  masterRoyaltiesInfo\n  pricing {\n    priceStandardCents\n    priceAdvancedCents\n    priceExclabelCents\n    priceExcindieCents\n  }\n  contract {\n    standleaseTerms {\n      ...LeaseTermsFields\n    }\n    advancedleaseTerms {\n      ...LeaseTermsFields\n    }\n    exclabelTerms {\n      sellExclusives\n      additionalComments\n    }\n    excindieTerms {\n      sellExclusives\n      additionalComments\n    }\n  }\n}": types.ProducerFieldsFragmentDoc,
    "mutation ProducerSignup($input: ProducerSignupInput!) {\n  producerSignup(input: $input) {\n    redirect\n    created\n    producer {\n      ...ProducerFields\n    }\n  }\n}": types.ProducerSignupDocument,
    "fragment SampleTagsFields on SampleTags {\n  artists\n  instruments\n  genres\n  moods\n  tempoStyles\n}": types.SampleTagsFieldsFragmentDoc,
    "mutation SaveProducerContract($input: ProducerContractInput!) {\n  saveProducerContract(input: $input) {\n    message\n    producer {\n      ...ProducerFields\n    }\n  }\n}": types.SaveProducerContractDocument,
    "mutation SaveProducerPricing($input: ProducerPricingInput!) {\n  saveProducerPricing(input: $input) {\n    message\n    producer {\n      ...ProducerFields\n    }\n  }\n}": types.SaveProducerPricingDocument,
    "mutation UpdateCompositionTags($id: ID!, $tags: SampleTagsInput!) {\n  updateCompositionTags(id: $id, tags: $tags) {\n    ...MyCompositionFields\n  }\n}": types.UpdateCompositionTagsDocument,
    "mutation UpdateDrumLoopTags($id: ID!, $tags: SampleTagsInput!) {\n  updateDrumLoopTags(id: $id, tags: $tags) {\n    ...MyDrumLoopFields\n  }\n}": types.UpdateDrumLoopTagsDocument,
    "mutation UpdateProducerAccount($input: ProducerAccountInput!) {\n  updateProducerAccount(input: $input) {\n    message\n    producer {\n      ...ProducerFields\n    }\n  }\n}": types.UpdateProducerAccountDocument,
    "query UploadPlanGate {\n  me {\n    id\n    subscriptionLevel\n  }\n  planGates {\n    id\n    message\n    minLevel\n    planName\n  }\n}": types.UploadPlanGateDocument,
    "mutation WithdrawComposition($id: ID!) {\n  withdrawComposition(id: $id) {\n    id\n    withdrawnAt\n  }\n}": types.WithdrawCompositionDocument,
    "mutation WithdrawDrumLoop($id: ID!) {\n  withdrawDrumLoop(id: $id) {\n    id\n    withdrawnAt\n  }\n}": types.WithdrawDrumLoopDocument,
    "query BeatShare($beatId: ID!) {\n  beatShare(beatId: $beatId) {\n    shareId\n    url\n    pageUrl\n    plays\n    createdAt\n  }\n}": types.BeatShareDocument,
    "mutation RecordSharedBeatPlay($shareId: ID!) {\n  recordSharedBeatPlay(shareId: $shareId)\n}": types.RecordSharedBeatPlayDocument,
    "mutation ShareBeat($beatId: ID!) {\n  shareBeat(beatId: $beatId) {\n    shareId\n    url\n    pageUrl\n    plays\n    createdAt\n  }\n}": types.ShareBeatDocument,
    "query SharedBeat($shareId: ID!) {\n  sharedBeat(shareId: $shareId) {\n    shareId\n    title\n    key\n    mode\n    bpm\n    structure\n    durationSeconds\n    peaks\n    producers {\n      name\n      percent\n    }\n    audioUrl\n    audioExpiresAt\n    viewerIsOwner\n    beatId\n    plays\n    url\n  }\n}": types.SharedBeatDocument,
    "mutation UnshareBeat($beatId: ID!) {\n  unshareBeat(beatId: $beatId)\n}": types.UnshareBeatDocument,
    "mutation ApproveRefundRequest($requestId: ID!) {\n  approveRefundRequest(requestId: $requestId) {\n    ...SupportMessageFields\n  }\n}": types.ApproveRefundRequestDocument,
    "mutation DeclineRefundRequest($requestId: ID!, $reason: String!) {\n  declineRefundRequest(requestId: $requestId, reason: $reason) {\n    ...SupportMessageFields\n  }\n}": types.DeclineRefundRequestDocument,
    "query MoneyBackPayments {\n  moneyBackPayments {\n    paymentId\n    subscriptionType\n    amountCents\n    currency\n    paidAt\n    refundableUntil\n    refundedAt\n    canRequestRefund\n    refundRequest {\n      ...RefundRequestFields\n    }\n  }\n}": types.MoneyBackPaymentsDocument,
    "fragment RefundRequestFields on RefundRequest {\n  id\n  paymentId\n  status\n  planName\n  amountCents\n  currency\n  paidAt\n  reason\n  declineReason\n  createdAt\n  decidedAt\n}": types.RefundRequestFieldsFragmentDoc,
    "mutation ReplyToSupportMessage($input: ReplyToSupportMessageInput!) {\n  replyToSupportMessage(input: $input) {\n    ...SupportMessageFields\n  }\n}": types.ReplyToSupportMessageDocument,
    "mutation RequestRefund($input: RequestRefundInput!) {\n  requestRefund(input: $input) {\n    ...RefundRequestFields\n  }\n}": types.RequestRefundDocument,
    "mutation SendSupportMessage($input: SendSupportMessageInput!) {\n  sendSupportMessage(input: $input) {\n    id\n    message\n  }\n}": types.SendSupportMessageDocument,
    "mutation SetSupportMessageStatus($messageId: ID!, $status: SupportMessageStatus!) {\n  setSupportMessageStatus(messageId: $messageId, status: $status) {\n    ...SupportMessageFields\n  }\n}": types.SetSupportMessageStatusDocument,
    "query SupportInbox($status: SupportMessageStatus, $page: Int!) {\n  supportInbox(status: $status, page: $page, pageSize: 20) {\n    currentPage\n    pages\n    total\n    counts {\n      open\n      answered\n      closed\n    }\n    items {\n      ...SupportMessageFields\n    }\n  }\n}": types.SupportInboxDocument,
    "fragment SupportMessageFields on SupportMessage {\n  id\n  topic\n  message\n  reference\n  senderEmail\n  senderName\n  username\n  planName\n  status\n  createdAt\n  updatedAt\n  replies {\n    id\n    text\n    authorEmail\n    createdAt\n  }\n  refundRequest {\n    ...RefundRequestFields\n  }\n}": types.SupportMessageFieldsFragmentDoc,
    "mutation UploadDrumSamples($files: [Upload!]!, $entries: [DrumUploadEntryInput!]!) {\n  uploadDrumSamples(files: $files, entries: $entries) {\n    message\n    drumLoops {\n      id\n      fileName\n      drumType\n      bpm\n      key\n      mode\n    }\n  }\n}": types.UploadDrumSamplesDocument,
    "mutation UploadMelodySamples($files: [Upload!]!, $input: MelodyUploadInput!) {\n  uploadMelodySamples(files: $files, input: $input) {\n    message\n    composition {\n      id\n      bpm\n      bpmMismatch\n    }\n  }\n}": types.UploadMelodySamplesDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AccessTokens {\n  accessTokens {\n    id\n    name\n    hint\n    scopes\n    createdAt\n    expiresAt\n    expired\n    lastUsedAt\n    useCount\n  }\n  accessTokenScopes {\n    name\n    description\n    producersOnly\n  }\n  accessTokenActivity {\n    id\n    action\n    tokenId\n    tokenName\n    expiresAt\n    createdAt\n  }\n}"): (typeof documents)["query AccessTokens {\n  accessTokens {\n    id\n    name\n    hint\n    scopes\n    createdAt\n    expiresAt\n    expired\n    lastUsedAt\n    useCount\n  }\n  accessTokenScopes {\n    name\n    description\n    producersOnly\n  }\n  accessTokenActivity {\n    id\n    action\n    tokenId\n    tokenName\n    expiresAt\n    createdAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateAccessToken($input: CreateAccessTokenInput!) {\n  createAccessToken(input: $input) {\n    secret\n    token {\n      id\n      name\n      hint\n      scopes\n      createdAt\n      expiresAt\n      expired\n      lastUsedAt\n      useCount\n    }\n  }\n}"): (typeof documents)["mutation CreateAccessToken($input: CreateAccessTokenInput!) {\n  createAccessToken(input: $input) {\n    secret\n    token {\n      id\n      name\n      hint\n      scopes\n      createdAt\n      expiresAt\n      expired\n      lastUsedAt\n      useCount\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ExtendAccessToken($id: ID!, $input: ExtendAccessTokenInput) {\n  extendAccessToken(id: $id, input: $input) {\n    id\n    expiresAt\n    expired\n  }\n}"): (typeof documents)["mutation ExtendAccessToken($id: ID!, $input: ExtendAccessTokenInput) {\n  extendAccessToken(id: $id, input: $input) {\n    id\n    expiresAt\n    expired\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RevokeAccessToken($id: ID!) {\n  revokeAccessToken(id: $id) {\n    id\n    revokedAt\n  }\n}"): (typeof documents)["mutation RevokeAccessToken($id: ID!) {\n  revokeAccessToken(id: $id) {\n    id\n    revokedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment AccountUser on User {\n  id\n  username\n  email\n  userType\n  creatorName\n  fname\n  lname\n  country\n  imageUrl\n  subscriptionType\n  subscriptionLevel\n  tokensRemaining\n  isAdmin\n  emailConfirmationPending\n  createdAt\n}"): (typeof documents)["fragment AccountUser on User {\n  id\n  username\n  email\n  userType\n  creatorName\n  fname\n  lname\n  country\n  imageUrl\n  subscriptionType\n  subscriptionLevel\n  tokensRemaining\n  isAdmin\n  emailConfirmationPending\n  createdAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Me {\n  me {\n    ...AccountUser\n  }\n}"): (typeof documents)["query Me {\n  me {\n    ...AccountUser\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ResendEmailConfirmation {\n  resendEmailConfirmation\n}"): (typeof documents)["mutation ResendEmailConfirmation {\n  resendEmailConfirmation\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SyncUser($email: String!, $username: String!) {\n  syncUser(email: $email, username: $username) {\n    ...AccountUser\n  }\n}"): (typeof documents)["mutation SyncUser($email: String!, $username: String!) {\n  syncUser(email: $email, username: $username) {\n    ...AccountUser\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProfile($input: UpdateProfileInput!, $image: Upload) {\n  updateProfile(input: $input, image: $image) {\n    ...AccountUser\n  }\n}"): (typeof documents)["mutation UpdateProfile($input: UpdateProfileInput!, $image: Upload) {\n  updateProfile(input: $input, image: $image) {\n    ...AccountUser\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment BeatFields on Beat {\n  id\n  title\n  prompt\n  bpm\n  key\n  mode\n  structure\n  kind\n  audioUrl\n  downloadUrl\n  durationSeconds\n  peaks\n  producers {\n    name\n    percent\n  }\n  sections {\n    label\n    drums\n    removedDrums\n    energy\n  }\n  parentId\n  reading {\n    summary\n    ignored\n  }\n  createdAt\n}"): (typeof documents)["fragment BeatFields on Beat {\n  id\n  title\n  prompt\n  bpm\n  key\n  mode\n  structure\n  kind\n  audioUrl\n  downloadUrl\n  durationSeconds\n  peaks\n  producers {\n    name\n    percent\n  }\n  sections {\n    label\n    drums\n    removedDrums\n    energy\n  }\n  parentId\n  reading {\n    summary\n    ignored\n  }\n  createdAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Beat($id: ID!) {\n  beat(id: $id) {\n    ...BeatFields\n  }\n}"): (typeof documents)["query Beat($id: ID!) {\n  beat(id: $id) {\n    ...BeatFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyBeats {\n  myBeats {\n    id\n    prompt\n    kind\n    createdAt\n    producers {\n      name\n      percent\n    }\n  }\n}"): (typeof documents)["query MyBeats {\n  myBeats {\n    id\n    prompt\n    kind\n    createdAt\n    producers {\n      name\n      percent\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CancelSubscription {\n  cancelSubscription {\n    message\n    subscriptionType\n  }\n}"): (typeof documents)["mutation CancelSubscription {\n  cancelSubscription {\n    message\n    subscriptionType\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CheckoutSession($sessionId: String!) {\n  checkoutSession(sessionId: $sessionId) {\n    customerName\n    customerEmail\n    amountTotal\n    currency\n    paymentStatus\n    subscriptionId\n  }\n}"): (typeof documents)["query CheckoutSession($sessionId: String!) {\n  checkoutSession(sessionId: $sessionId) {\n    customerName\n    customerEmail\n    amountTotal\n    currency\n    paymentStatus\n    subscriptionId\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateCheckoutSession($priceId: String!) {\n  createCheckoutSession(priceId: $priceId) {\n    checkoutUrl\n    sessionId\n  }\n}"): (typeof documents)["mutation CreateCheckoutSession($priceId: String!) {\n  createCheckoutSession(priceId: $priceId) {\n    checkoutUrl\n    sessionId\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MySubscription {\n  mySubscription {\n    level\n    subscriptionType\n    tokensRemaining\n    tokensRefreshAt\n    provider\n    status\n    cancelAtPeriodEnd\n    currentPeriodEnd\n  }\n}"): (typeof documents)["query MySubscription {\n  mySubscription {\n    level\n    subscriptionType\n    tokensRemaining\n    tokensRefreshAt\n    provider\n    status\n    cancelAtPeriodEnd\n    currentPeriodEnd\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Plans {\n  plans {\n    level\n    name\n    type\n    priceId\n    priceCents\n    currency\n    period\n    tokensPerMonth\n    tokensText\n    description\n    features {\n      id\n      label\n      available\n    }\n    badge\n    recommended\n    imageUrl\n  }\n}"): (typeof documents)["query Plans {\n  plans {\n    level\n    name\n    type\n    priceId\n    priceCents\n    currency\n    period\n    tokensPerMonth\n    tokensText\n    description\n    features {\n      id\n      label\n      available\n    }\n    badge\n    recommended\n    imageUrl\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query DatasetGenres {\n  datasetGenres {\n    genres {\n      name\n      share\n      samples\n      style\n      artists\n    }\n    totalSamples\n    countedSamples\n    contributionThreshold\n  }\n}"): (typeof documents)["query DatasetGenres {\n  datasetGenres {\n    genres {\n      name\n      share\n      samples\n      style\n      artists\n    }\n    totalSamples\n    countedSamples\n    contributionThreshold\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ChangeDrums($beatId: ID!, $sections: [SectionDrumsInput!]!) {\n  changeDrums(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}"): (typeof documents)["mutation ChangeDrums($beatId: ID!, $sections: [SectionDrumsInput!]!) {\n  changeDrums(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RemoveDrums($beatId: ID!, $sections: [SectionDrumsInput!]!) {\n  removeDrums(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}"): (typeof documents)["mutation RemoveDrums($beatId: ID!, $sections: [SectionDrumsInput!]!) {\n  removeDrums(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetGlobalDrums($beatId: ID!, $sections: [SectionDrumsInput!]!) {\n  setGlobalDrums(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}"): (typeof documents)["mutation SetGlobalDrums($beatId: ID!, $sections: [SectionDrumsInput!]!) {\n  setGlobalDrums(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetSectionEnergy($beatId: ID!, $sections: [SectionEnergyInput!]!) {\n  setSectionEnergy(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}"): (typeof documents)["mutation SetSectionEnergy($beatId: ID!, $sections: [SectionEnergyInput!]!) {\n  setSectionEnergy(beatId: $beatId, sections: $sections) {\n    ...GenerationJobFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation GenerateBeat($prompt: String!) {\n  generateBeat(prompt: $prompt) {\n    ...GenerationJobFields\n  }\n}"): (typeof documents)["mutation GenerateBeat($prompt: String!) {\n  generateBeat(prompt: $prompt) {\n    ...GenerationJobFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment GenerationJobFields on GenerationJob {\n  id\n  status\n  stage\n  message\n  beatId\n  error\n  errorCode\n}"): (typeof documents)["fragment GenerationJobFields on GenerationJob {\n  id\n  status\n  stage\n  message\n  beatId\n  error\n  errorCode\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query GenerationJob($id: ID!) {\n  generationJob(id: $id) {\n    ...GenerationJobFields\n  }\n}"): (typeof documents)["query GenerationJob($id: ID!) {\n  generationJob(id: $id) {\n    ...GenerationJobFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription GenerationProgress($jobId: ID!) {\n  generationProgress(jobId: $jobId) {\n    id\n    status\n    stage\n    message\n    beatId\n    error\n    errorCode\n    tokensRemaining\n    beat {\n      ...BeatFields\n    }\n  }\n}"): (typeof documents)["subscription GenerationProgress($jobId: ID!) {\n  generationProgress(jobId: $jobId) {\n    id\n    status\n    stage\n    message\n    beatId\n    error\n    errorCode\n    tokensRemaining\n    beat {\n      ...BeatFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation MakeFullBeat($beatId: ID!) {\n  makeFullBeat(beatId: $beatId) {\n    ...GenerationJobFields\n  }\n}"): (typeof documents)["mutation MakeFullBeat($beatId: ID!) {\n  makeFullBeat(beatId: $beatId) {\n    ...GenerationJobFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RegenerateBeat($beatId: ID!) {\n  regenerateBeat(beatId: $beatId) {\n    ...GenerationJobFields\n  }\n}"): (typeof documents)["mutation RegenerateBeat($beatId: ID!) {\n  regenerateBeat(beatId: $beatId) {\n    ...GenerationJobFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LicenceTierTerms {\n  licenceTierTerms {\n    priceId\n    title\n    files\n    streams\n    details\n    terms {\n      label\n      value\n    }\n    defaultPriceCents\n  }\n}"): (typeof documents)["query LicenceTierTerms {\n  licenceTierTerms {\n    priceId\n    title\n    files\n    streams\n    details\n    terms {\n      label\n      value\n    }\n    defaultPriceCents\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PlatformStats {\n  platformStats {\n    producers\n    beatsThisMonth\n  }\n}"): (typeof documents)["query PlatformStats {\n  platformStats {\n    producers\n    beatsThisMonth\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SampleBeats {\n  sampleBeats {\n    id\n    title\n    genre\n    audioUrl\n    key\n    mode\n    bpm\n    structure\n    durationSeconds\n    peaks\n  }\n}"): (typeof documents)["query SampleBeats {\n  sampleBeats {\n    id\n    title\n    genre\n    audioUrl\n    key\n    mode\n    bpm\n    structure\n    durationSeconds\n    peaks\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query BeatLicenceOffer($beatId: ID!) {\n  beatLicenceOffer(beatId: $beatId) {\n    beatId\n    soldExclusively\n    tiers {\n      priceId\n      title\n      details\n      priceCents\n      available\n      unavailableReason\n      unavailableMessage\n    }\n  }\n}"): (typeof documents)["query BeatLicenceOffer($beatId: ID!) {\n  beatLicenceOffer(beatId: $beatId) {\n    beatId\n    soldExclusively\n    tiers {\n      priceId\n      title\n      details\n      priceCents\n      available\n      unavailableReason\n      unavailableMessage\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateLicenseCheckout($input: CreateLicenseCheckoutInput!) {\n  createLicenseCheckout(input: $input) {\n    id\n    checkoutUrl\n  }\n}"): (typeof documents)["mutation CreateLicenseCheckout($input: CreateLicenseCheckoutInput!) {\n  createLicenseCheckout(input: $input) {\n    id\n    checkoutUrl\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment LicenceFields on Licence {\n  id\n  beatId\n  beatTitle\n  tier\n  tierTitle\n  priceCents\n  currency\n  status\n  issuedAt\n  producers {\n    name\n    shareBasisPoints\n  }\n  filesReady\n  files {\n    kind\n    fileName\n    bytes\n  }\n  verifyUrl\n}"): (typeof documents)["fragment LicenceFields on Licence {\n  id\n  beatId\n  beatTitle\n  tier\n  tierTitle\n  priceCents\n  currency\n  status\n  issuedAt\n  producers {\n    name\n    shareBasisPoints\n  }\n  filesReady\n  files {\n    kind\n    fileName\n    bytes\n  }\n  verifyUrl\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LicenceForCheckoutSession($sessionId: String!) {\n  licenceForCheckoutSession(sessionId: $sessionId) {\n    sessionId\n    status\n    tier\n    priceCents\n    refundReason\n    licence {\n      ...LicenceFields\n    }\n  }\n}"): (typeof documents)["query LicenceForCheckoutSession($sessionId: String!) {\n  licenceForCheckoutSession(sessionId: $sessionId) {\n    sessionId\n    status\n    tier\n    priceCents\n    refundReason\n    licence {\n      ...LicenceFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LicenceNotices {\n  licenceNotices {\n    id\n    kind\n    message\n    licenceId\n    createdAt\n    read\n  }\n}"): (typeof documents)["query LicenceNotices {\n  licenceNotices {\n    id\n    kind\n    message\n    licenceId\n    createdAt\n    read\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LicenceVerification($id: ID!) {\n  licenceVerification(id: $id) {\n    id\n    status\n    tier\n    tierTitle\n    issuedAt\n    beatTitle\n    producers {\n      name\n      shareBasisPoints\n    }\n    maskedBuyerName\n  }\n}"): (typeof documents)["query LicenceVerification($id: ID!) {\n  licenceVerification(id: $id) {\n    id\n    status\n    tier\n    tierTitle\n    issuedAt\n    beatTitle\n    producers {\n      name\n      shareBasisPoints\n    }\n    maskedBuyerName\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation MarkLicenceNoticeRead($id: ID!) {\n  markLicenceNoticeRead(id: $id) {\n    id\n    read\n  }\n}"): (typeof documents)["mutation MarkLicenceNoticeRead($id: ID!) {\n  markLicenceNoticeRead(id: $id) {\n    id\n    read\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyLicences {\n  myLicences {\n    ...LicenceFields\n  }\n}"): (typeof documents)["query MyLicences {\n  myLicences {\n    ...LicenceFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RequestLicenceDownload($licenceId: ID!, $file: LicenceFileKind!) {\n  requestLicenceDownload(licenceId: $licenceId, file: $file) {\n    url\n    fileName\n    expiresAt\n  }\n}"): (typeof documents)["mutation RequestLicenceDownload($licenceId: ID!, $file: LicenceFileKind!) {\n  requestLicenceDownload(licenceId: $licenceId, file: $file) {\n    url\n    fileName\n    expiresAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ContractTermOptions {\n  contractTermOptions {\n    termYears\n    distributionCopies\n    streams\n    freeDownloads\n    yesNo\n    pros\n    additionalCommentsMaxLength\n    maxPriceCents\n    minimumAge\n  }\n}"): (typeof documents)["query ContractTermOptions {\n  contractTermOptions {\n    termYears\n    distributionCopies\n    streams\n    freeDownloads\n    yesNo\n    pros\n    additionalCommentsMaxLength\n    maxPriceCents\n    minimumAge\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ExpressDashboard {\n  expressDashboard {\n    url\n  }\n}"): (typeof documents)["mutation ExpressDashboard {\n  expressDashboard {\n    url\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment LeaseTermsFields on LeaseTerms {\n  termYears\n  distributionCopies\n  audioStreams\n  freeDownloads\n  vidStreams\n  nonmonvidStreams\n  mvStreams\n  nonmonmvStreams\n  broadcastRights\n  performanceRights\n  nonprofitPerformances\n  synchronizationRights\n  additionalComments\n}"): (typeof documents)["fragment LeaseTermsFields on LeaseTerms {\n  termYears\n  distributionCopies\n  audioStreams\n  freeDownloads\n  vidStreams\n  nonmonvidStreams\n  mvStreams\n  nonmonmvStreams\n  broadcastRights\n  performanceRights\n  nonprofitPerformances\n  synchronizationRights\n  additionalComments\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment MyCompositionFields on MelodyComposition {\n  id\n  tags {\n    ...SampleTagsFields\n  }\n  bpm\n  key\n  mode\n  bars\n  detectedBpm\n  detectedKey\n  detectedMode\n  bpmMismatch\n  keyMismatch\n  stems {\n    id\n    fileName\n  }\n  createdAt\n  withdrawnAt\n}"): (typeof documents)["fragment MyCompositionFields on MelodyComposition {\n  id\n  tags {\n    ...SampleTagsFields\n  }\n  bpm\n  key\n  mode\n  bars\n  detectedBpm\n  detectedKey\n  detectedMode\n  bpmMismatch\n  keyMismatch\n  stems {\n    id\n    fileName\n  }\n  createdAt\n  withdrawnAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyCompositions($page: Int!) {\n  myCompositions(page: $page) {\n    items {\n      ...MyCompositionFields\n    }\n    total\n    page\n    pages\n  }\n}"): (typeof documents)["query MyCompositions($page: Int!) {\n  myCompositions(page: $page) {\n    items {\n      ...MyCompositionFields\n    }\n    total\n    page\n    pages\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment MyDrumLoopFields on DrumLoop {\n  id\n  fileName\n  drumType\n  tags {\n    ...SampleTagsFields\n  }\n  bpm\n  key\n  mode\n  bars\n  detectedBpm\n  detectedKey\n  bpmMismatch\n  keyMismatch\n  createdAt\n  withdrawnAt\n}"): (typeof documents)["fragment MyDrumLoopFields on DrumLoop {\n  id\n  fileName\n  drumType\n  tags {\n    ...SampleTagsFields\n  }\n  bpm\n  key\n  mode\n  bars\n  detectedBpm\n  detectedKey\n  bpmMismatch\n  keyMismatch\n  createdAt\n  withdrawnAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyDrumLoops($page: Int!) {\n  myDrumLoops(page: $page) {\n    items {\n      ...MyDrumLoopFields\n    }\n    total\n    page\n    pages\n  }\n}"): (typeof documents)["query MyDrumLoops($page: Int!) {\n  myDrumLoops(page: $page) {\n    items {\n      ...MyDrumLoopFields\n    }\n    total\n    page\n    pages\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyEarningsCharts($months: Int) {\n  myEarningsCharts(months: $months) {\n    from\n    to\n    months {\n      month\n      earnedCents\n      paidCents\n      pendingCents\n      heldCents\n      failedCents\n      reversedCents\n    }\n    tiers {\n      tier\n      licences\n      earnedCents\n    }\n    weeks {\n      week\n      beats\n    }\n    loops {\n      id\n      kind\n      name\n      type\n      withdrawn\n      beats\n      licences\n      earnedCents\n      topGenres\n      topWords\n    }\n  }\n}"): (typeof documents)["query MyEarningsCharts($months: Int) {\n  myEarningsCharts(months: $months) {\n    from\n    to\n    months {\n      month\n      earnedCents\n      paidCents\n      pendingCents\n      heldCents\n      failedCents\n      reversedCents\n    }\n    tiers {\n      tier\n      licences\n      earnedCents\n    }\n    weeks {\n      week\n      beats\n    }\n    loops {\n      id\n      kind\n      name\n      type\n      withdrawn\n      beats\n      licences\n      earnedCents\n      topGenres\n      topWords\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyEarnings($page: Int) {\n  myEarnings(page: $page) {\n    totals {\n      earnedCents\n      paidCents\n      pendingCents\n      heldCents\n      reversedCents\n      failedCents\n    }\n    orders {\n      total\n      page\n      pages\n      items {\n        orderId\n        beatId\n        beatTitle\n        tier\n        date\n        sharePercent\n        amountCents\n        reversedCents\n        status\n        failure\n      }\n    }\n    loops {\n      id\n      kind\n      name\n      type\n      bpm\n      beats\n      withdrawn\n    }\n  }\n}"): (typeof documents)["query MyEarnings($page: Int) {\n  myEarnings(page: $page) {\n    totals {\n      earnedCents\n      paidCents\n      pendingCents\n      heldCents\n      reversedCents\n      failedCents\n    }\n    orders {\n      total\n      page\n      pages\n      items {\n        orderId\n        beatId\n        beatTitle\n        tier\n        date\n        sharePercent\n        amountCents\n        reversedCents\n        status\n        failure\n      }\n    }\n    loops {\n      id\n      kind\n      name\n      type\n      bpm\n      beats\n      withdrawn\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyPayoutAccount {\n  myPayoutAccount {\n    id\n    provider\n    detailsSubmitted\n    payoutsEnabled\n    requirementsDue\n    onboardingComplete\n  }\n}"): (typeof documents)["query MyPayoutAccount {\n  myPayoutAccount {\n    id\n    provider\n    detailsSubmitted\n    payoutsEnabled\n    requirementsDue\n    onboardingComplete\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyProducer {\n  myProducer {\n    ...ProducerFields\n  }\n}"): (typeof documents)["query MyProducer {\n  myProducer {\n    ...ProducerFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation PayoutOnboardingLink {\n  payoutOnboardingLink {\n    url\n  }\n}"): (typeof documents)["mutation PayoutOnboardingLink {\n  payoutOnboardingLink {\n    url\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProducerAgreement {\n  producerAgreement {\n    fileName\n    contentType\n    contentBase64\n  }\n}"): (typeof documents)["query ProducerAgreement {\n  producerAgreement {\n    fileName\n    contentType\n    contentBase64\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProducerFields on Producer {\n  id\n  firstName\n  lastName\n  birthDate\n  producerName\n  email\n  pro\n  proId\n  masterRoyaltiesInfo\n  pricing {\n    priceStandardCents\n    priceAdvancedCents\n    priceExclabelCents\n    priceExcindieCents\n  }\n  contract {\n    standleaseTerms {\n      ...LeaseTermsFields\n    }\n    advancedleaseTerms {\n      ...LeaseTermsFields\n    }\n    exclabelTerms {\n      sellExclusives\n      additionalComments\n    }\n    excindieTerms {\n      sellExclusives\n      additionalComments\n    }\n  }\n}"): (typeof documents)["fragment ProducerFields on Producer {\n  id\n  firstName\n  lastName\n  birthDate\n  producerName\n  email\n  pro\n  proId\n  masterRoyaltiesInfo\n  pricing {\n    priceStandardCents\n    priceAdvancedCents\n    priceExclabelCents\n    priceExcindieCents\n  }\n  contract {\n    standleaseTerms {\n      ...LeaseTermsFields\n    }\n    advancedleaseTerms {\n      ...LeaseTermsFields\n    }\n    exclabelTerms {\n      sellExclusives\n      additionalComments\n    }\n    excindieTerms {\n      sellExclusives\n      additionalComments\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ProducerSignup($input: ProducerSignupInput!) {\n  producerSignup(input: $input) {\n    redirect\n    created\n    producer {\n      ...ProducerFields\n    }\n  }\n}"): (typeof documents)["mutation ProducerSignup($input: ProducerSignupInput!) {\n  producerSignup(input: $input) {\n    redirect\n    created\n    producer {\n      ...ProducerFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SampleTagsFields on SampleTags {\n  artists\n  instruments\n  genres\n  moods\n  tempoStyles\n}"): (typeof documents)["fragment SampleTagsFields on SampleTags {\n  artists\n  instruments\n  genres\n  moods\n  tempoStyles\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SaveProducerContract($input: ProducerContractInput!) {\n  saveProducerContract(input: $input) {\n    message\n    producer {\n      ...ProducerFields\n    }\n  }\n}"): (typeof documents)["mutation SaveProducerContract($input: ProducerContractInput!) {\n  saveProducerContract(input: $input) {\n    message\n    producer {\n      ...ProducerFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SaveProducerPricing($input: ProducerPricingInput!) {\n  saveProducerPricing(input: $input) {\n    message\n    producer {\n      ...ProducerFields\n    }\n  }\n}"): (typeof documents)["mutation SaveProducerPricing($input: ProducerPricingInput!) {\n  saveProducerPricing(input: $input) {\n    message\n    producer {\n      ...ProducerFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateCompositionTags($id: ID!, $tags: SampleTagsInput!) {\n  updateCompositionTags(id: $id, tags: $tags) {\n    ...MyCompositionFields\n  }\n}"): (typeof documents)["mutation UpdateCompositionTags($id: ID!, $tags: SampleTagsInput!) {\n  updateCompositionTags(id: $id, tags: $tags) {\n    ...MyCompositionFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateDrumLoopTags($id: ID!, $tags: SampleTagsInput!) {\n  updateDrumLoopTags(id: $id, tags: $tags) {\n    ...MyDrumLoopFields\n  }\n}"): (typeof documents)["mutation UpdateDrumLoopTags($id: ID!, $tags: SampleTagsInput!) {\n  updateDrumLoopTags(id: $id, tags: $tags) {\n    ...MyDrumLoopFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProducerAccount($input: ProducerAccountInput!) {\n  updateProducerAccount(input: $input) {\n    message\n    producer {\n      ...ProducerFields\n    }\n  }\n}"): (typeof documents)["mutation UpdateProducerAccount($input: ProducerAccountInput!) {\n  updateProducerAccount(input: $input) {\n    message\n    producer {\n      ...ProducerFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query UploadPlanGate {\n  me {\n    id\n    subscriptionLevel\n  }\n  planGates {\n    id\n    message\n    minLevel\n    planName\n  }\n}"): (typeof documents)["query UploadPlanGate {\n  me {\n    id\n    subscriptionLevel\n  }\n  planGates {\n    id\n    message\n    minLevel\n    planName\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation WithdrawComposition($id: ID!) {\n  withdrawComposition(id: $id) {\n    id\n    withdrawnAt\n  }\n}"): (typeof documents)["mutation WithdrawComposition($id: ID!) {\n  withdrawComposition(id: $id) {\n    id\n    withdrawnAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation WithdrawDrumLoop($id: ID!) {\n  withdrawDrumLoop(id: $id) {\n    id\n    withdrawnAt\n  }\n}"): (typeof documents)["mutation WithdrawDrumLoop($id: ID!) {\n  withdrawDrumLoop(id: $id) {\n    id\n    withdrawnAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query BeatShare($beatId: ID!) {\n  beatShare(beatId: $beatId) {\n    shareId\n    url\n    pageUrl\n    plays\n    createdAt\n  }\n}"): (typeof documents)["query BeatShare($beatId: ID!) {\n  beatShare(beatId: $beatId) {\n    shareId\n    url\n    pageUrl\n    plays\n    createdAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RecordSharedBeatPlay($shareId: ID!) {\n  recordSharedBeatPlay(shareId: $shareId)\n}"): (typeof documents)["mutation RecordSharedBeatPlay($shareId: ID!) {\n  recordSharedBeatPlay(shareId: $shareId)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ShareBeat($beatId: ID!) {\n  shareBeat(beatId: $beatId) {\n    shareId\n    url\n    pageUrl\n    plays\n    createdAt\n  }\n}"): (typeof documents)["mutation ShareBeat($beatId: ID!) {\n  shareBeat(beatId: $beatId) {\n    shareId\n    url\n    pageUrl\n    plays\n    createdAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SharedBeat($shareId: ID!) {\n  sharedBeat(shareId: $shareId) {\n    shareId\n    title\n    key\n    mode\n    bpm\n    structure\n    durationSeconds\n    peaks\n    producers {\n      name\n      percent\n    }\n    audioUrl\n    audioExpiresAt\n    viewerIsOwner\n    beatId\n    plays\n    url\n  }\n}"): (typeof documents)["query SharedBeat($shareId: ID!) {\n  sharedBeat(shareId: $shareId) {\n    shareId\n    title\n    key\n    mode\n    bpm\n    structure\n    durationSeconds\n    peaks\n    producers {\n      name\n      percent\n    }\n    audioUrl\n    audioExpiresAt\n    viewerIsOwner\n    beatId\n    plays\n    url\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UnshareBeat($beatId: ID!) {\n  unshareBeat(beatId: $beatId)\n}"): (typeof documents)["mutation UnshareBeat($beatId: ID!) {\n  unshareBeat(beatId: $beatId)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ApproveRefundRequest($requestId: ID!) {\n  approveRefundRequest(requestId: $requestId) {\n    ...SupportMessageFields\n  }\n}"): (typeof documents)["mutation ApproveRefundRequest($requestId: ID!) {\n  approveRefundRequest(requestId: $requestId) {\n    ...SupportMessageFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeclineRefundRequest($requestId: ID!, $reason: String!) {\n  declineRefundRequest(requestId: $requestId, reason: $reason) {\n    ...SupportMessageFields\n  }\n}"): (typeof documents)["mutation DeclineRefundRequest($requestId: ID!, $reason: String!) {\n  declineRefundRequest(requestId: $requestId, reason: $reason) {\n    ...SupportMessageFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MoneyBackPayments {\n  moneyBackPayments {\n    paymentId\n    subscriptionType\n    amountCents\n    currency\n    paidAt\n    refundableUntil\n    refundedAt\n    canRequestRefund\n    refundRequest {\n      ...RefundRequestFields\n    }\n  }\n}"): (typeof documents)["query MoneyBackPayments {\n  moneyBackPayments {\n    paymentId\n    subscriptionType\n    amountCents\n    currency\n    paidAt\n    refundableUntil\n    refundedAt\n    canRequestRefund\n    refundRequest {\n      ...RefundRequestFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment RefundRequestFields on RefundRequest {\n  id\n  paymentId\n  status\n  planName\n  amountCents\n  currency\n  paidAt\n  reason\n  declineReason\n  createdAt\n  decidedAt\n}"): (typeof documents)["fragment RefundRequestFields on RefundRequest {\n  id\n  paymentId\n  status\n  planName\n  amountCents\n  currency\n  paidAt\n  reason\n  declineReason\n  createdAt\n  decidedAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ReplyToSupportMessage($input: ReplyToSupportMessageInput!) {\n  replyToSupportMessage(input: $input) {\n    ...SupportMessageFields\n  }\n}"): (typeof documents)["mutation ReplyToSupportMessage($input: ReplyToSupportMessageInput!) {\n  replyToSupportMessage(input: $input) {\n    ...SupportMessageFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RequestRefund($input: RequestRefundInput!) {\n  requestRefund(input: $input) {\n    ...RefundRequestFields\n  }\n}"): (typeof documents)["mutation RequestRefund($input: RequestRefundInput!) {\n  requestRefund(input: $input) {\n    ...RefundRequestFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SendSupportMessage($input: SendSupportMessageInput!) {\n  sendSupportMessage(input: $input) {\n    id\n    message\n  }\n}"): (typeof documents)["mutation SendSupportMessage($input: SendSupportMessageInput!) {\n  sendSupportMessage(input: $input) {\n    id\n    message\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetSupportMessageStatus($messageId: ID!, $status: SupportMessageStatus!) {\n  setSupportMessageStatus(messageId: $messageId, status: $status) {\n    ...SupportMessageFields\n  }\n}"): (typeof documents)["mutation SetSupportMessageStatus($messageId: ID!, $status: SupportMessageStatus!) {\n  setSupportMessageStatus(messageId: $messageId, status: $status) {\n    ...SupportMessageFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SupportInbox($status: SupportMessageStatus, $page: Int!) {\n  supportInbox(status: $status, page: $page, pageSize: 20) {\n    currentPage\n    pages\n    total\n    counts {\n      open\n      answered\n      closed\n    }\n    items {\n      ...SupportMessageFields\n    }\n  }\n}"): (typeof documents)["query SupportInbox($status: SupportMessageStatus, $page: Int!) {\n  supportInbox(status: $status, page: $page, pageSize: 20) {\n    currentPage\n    pages\n    total\n    counts {\n      open\n      answered\n      closed\n    }\n    items {\n      ...SupportMessageFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SupportMessageFields on SupportMessage {\n  id\n  topic\n  message\n  reference\n  senderEmail\n  senderName\n  username\n  planName\n  status\n  createdAt\n  updatedAt\n  replies {\n    id\n    text\n    authorEmail\n    createdAt\n  }\n  refundRequest {\n    ...RefundRequestFields\n  }\n}"): (typeof documents)["fragment SupportMessageFields on SupportMessage {\n  id\n  topic\n  message\n  reference\n  senderEmail\n  senderName\n  username\n  planName\n  status\n  createdAt\n  updatedAt\n  replies {\n    id\n    text\n    authorEmail\n    createdAt\n  }\n  refundRequest {\n    ...RefundRequestFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UploadDrumSamples($files: [Upload!]!, $entries: [DrumUploadEntryInput!]!) {\n  uploadDrumSamples(files: $files, entries: $entries) {\n    message\n    drumLoops {\n      id\n      fileName\n      drumType\n      bpm\n      key\n      mode\n    }\n  }\n}"): (typeof documents)["mutation UploadDrumSamples($files: [Upload!]!, $entries: [DrumUploadEntryInput!]!) {\n  uploadDrumSamples(files: $files, entries: $entries) {\n    message\n    drumLoops {\n      id\n      fileName\n      drumType\n      bpm\n      key\n      mode\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UploadMelodySamples($files: [Upload!]!, $input: MelodyUploadInput!) {\n  uploadMelodySamples(files: $files, input: $input) {\n    message\n    composition {\n      id\n      bpm\n      bpmMismatch\n    }\n  }\n}"): (typeof documents)["mutation UploadMelodySamples($files: [Upload!]!, $input: MelodyUploadInput!) {\n  uploadMelodySamples(files: $files, input: $input) {\n    message\n    composition {\n      id\n      bpm\n      bpmMismatch\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;