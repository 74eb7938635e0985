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
    "query Me {\n  me {\n    id\n    username\n    email\n    userType\n    creatorName\n    fname\n    lname\n    country\n    imageUrl\n    subscriptionType\n    subscriptionLevel\n    tokensRemaining\n    isAdmin\n    createdAt\n  }\n}": typeof types.MeDocument,
    "mutation SyncUser($email: String!, $username: String!) {\n  syncUser(email: $email, username: $username) {\n    id\n    username\n    email\n    userType\n    creatorName\n    fname\n    lname\n    country\n    imageUrl\n    subscriptionType\n    subscriptionLevel\n    tokensRemaining\n    isAdmin\n    createdAt\n  }\n}": typeof types.SyncUserDocument,
    "mutation UpdateProfile($input: UpdateProfileInput!, $image: Upload) {\n  updateProfile(input: $input, image: $image) {\n    id\n    username\n    email\n    userType\n    creatorName\n    fname\n    lname\n    country\n    imageUrl\n    subscriptionType\n    subscriptionLevel\n    tokensRemaining\n    isAdmin\n    createdAt\n  }\n}": typeof types.UpdateProfileDocument,
    "fragment BeatFields on Beat {\n  id\n  title\n  prompt\n  bpm\n  key\n  mode\n  structure\n  kind\n  audioUrl\n  downloadUrl\n  durationSeconds\n  peaks\n  producers {\n    name\n    percent\n  }\n  sections {\n    label\n    drums\n    removedDrums\n  }\n  parentId\n  reading {\n    summary\n    ignored\n  }\n  createdAt\n}": typeof types.BeatFieldsFragmentDoc,
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
    "mutation GenerateBeat($prompt: String!) {\n  generateBeat(prompt: $prompt) {\n    ...GenerationJobFields\n  }\n}": typeof types.GenerateBeatDocument,
    "fragment GenerationJobFields on GenerationJob {\n  id\n  status\n  stage\n  message\n  beatId\n  error\n  errorCode\n}": typeof types.GenerationJobFieldsFragmentDoc,
    "query GenerationJob($id: ID!) {\n  generationJob(id: $id) {\n    ...GenerationJobFields\n  }\n}": typeof types.GenerationJobDocument,
    "subscription GenerationProgress($jobId: ID!) {\n  generationProgress(jobId: $jobId) {\n    id\n    status\n    stage\n    message\n    beatId\n    error\n    errorCode\n    tokensRemaining\n    beat {\n      ...BeatFields\n    }\n  }\n}": typeof types.GenerationProgressDocument,
    "mutation MakeFullBeat($beatId: ID!) {\n  makeFullBeat(beatId: $beatId) {\n    ...GenerationJobFields\n  }\n}": typeof types.MakeFullBeatDocument,
    "mutation RegenerateBeat($beatId: ID!) {\n  regenerateBeat(beatId: $beatId) {\n    ...GenerationJobFields\n  }\n}": typeof types.RegenerateBeatDocument,
    "query PlatformStats {\n  platformStats {\n    producers\n    beatsThisMonth\n  }\n}": typeof types.PlatformStatsDocument,
    "query SampleBeats {\n  sampleBeats {\n    id\n    title\n    genre\n    audioUrl\n    key\n    mode\n    bpm\n    structure\n    durationSeconds\n    peaks\n  }\n}": typeof types.SampleBeatsDocument,
    "mutation UploadDrumSamples($files: [Upload!]!, $entries: [DrumUploadEntryInput!]!) {\n  uploadDrumSamples(files: $files, entries: $entries) {\n    message\n    drumLoops {\n      id\n      fileName\n      drumType\n      bpm\n      key\n      mode\n    }\n  }\n}": typeof types.UploadDrumSamplesDocument,
    "mutation UploadMelodySamples($files: [Upload!]!, $input: MelodyUploadInput!) {\n  uploadMelodySamples(files: $files, input: $input) {\n    message\n    composition {\n      id\n      bpm\n      bpmMismatch\n    }\n  }\n}": typeof types.UploadMelodySamplesDocument,
};
const documents: Documents = {
    "query Me {\n  me {\n    id\n    username\n    email\n    userType\n    creatorName\n    fname\n    lname\n    country\n    imageUrl\n    subscriptionType\n    subscriptionLevel\n    tokensRemaining\n    isAdmin\n    createdAt\n  }\n}": types.MeDocument,
    "mutation SyncUser($email: String!, $username: String!) {\n  syncUser(email: $email, username: $username) {\n    id\n    username\n    email\n    userType\n    creatorName\n    fname\n    lname\n    country\n    imageUrl\n    subscriptionType\n    subscriptionLevel\n    tokensRemaining\n    isAdmin\n    createdAt\n  }\n}": types.SyncUserDocument,
    "mutation UpdateProfile($input: UpdateProfileInput!, $image: Upload) {\n  updateProfile(input: $input, image: $image) {\n    id\n    username\n    email\n    userType\n    creatorName\n    fname\n    lname\n    country\n    imageUrl\n    subscriptionType\n    subscriptionLevel\n    tokensRemaining\n    isAdmin\n    createdAt\n  }\n}": types.UpdateProfileDocument,
    "fragment BeatFields on Beat {\n  id\n  title\n  prompt\n  bpm\n  key\n  mode\n  structure\n  kind\n  audioUrl\n  downloadUrl\n  durationSeconds\n  peaks\n  producers {\n    name\n    percent\n  }\n  sections {\n    label\n    drums\n    removedDrums\n  }\n  parentId\n  reading {\n    summary\n    ignored\n  }\n  createdAt\n}": types.BeatFieldsFragmentDoc,
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
    "mutation GenerateBeat($prompt: String!) {\n  generateBeat(prompt: $prompt) {\n    ...GenerationJobFields\n  }\n}": types.GenerateBeatDocument,
    "fragment GenerationJobFields on GenerationJob {\n  id\n  status\n  stage\n  message\n  beatId\n  error\n  errorCode\n}": types.GenerationJobFieldsFragmentDoc,
    "query GenerationJob($id: ID!) {\n  generationJob(id: $id) {\n    ...GenerationJobFields\n  }\n}": types.GenerationJobDocument,
    "subscription GenerationProgress($jobId: ID!) {\n  generationProgress(jobId: $jobId) {\n    id\n    status\n    stage\n    message\n    beatId\n    error\n    errorCode\n    tokensRemaining\n    beat {\n      ...BeatFields\n    }\n  }\n}": types.GenerationProgressDocument,
    "mutation MakeFullBeat($beatId: ID!) {\n  makeFullBeat(beatId: $beatId) {\n    ...GenerationJobFields\n  }\n}": types.MakeFullBeatDocument,
    "mutation RegenerateBeat($beatId: ID!) {\n  regenerateBeat(beatId: $beatId) {\n    ...GenerationJobFields\n  }\n}": types.RegenerateBeatDocument,
    "query PlatformStats {\n  platformStats {\n    producers\n    beatsThisMonth\n  }\n}": types.PlatformStatsDocument,
    "query SampleBeats {\n  sampleBeats {\n    id\n    title\n    genre\n    audioUrl\n    key\n    mode\n    bpm\n    structure\n    durationSeconds\n    peaks\n  }\n}": types.SampleBeatsDocument,
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
export function graphql(source: "query Me {\n  me {\n    id\n    username\n    email\n    userType\n    creatorName\n    fname\n    lname\n    country\n    imageUrl\n    subscriptionType\n    subscriptionLevel\n    tokensRemaining\n    isAdmin\n    createdAt\n  }\n}"): (typeof documents)["query Me {\n  me {\n    id\n    username\n    email\n    userType\n    creatorName\n    fname\n    lname\n    country\n    imageUrl\n    subscriptionType\n    subscriptionLevel\n    tokensRemaining\n    isAdmin\n    createdAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SyncUser($email: String!, $username: String!) {\n  syncUser(email: $email, username: $username) {\n    id\n    username\n    email\n    userType\n    creatorName\n    fname\n    lname\n    country\n    imageUrl\n    subscriptionType\n    subscriptionLevel\n    tokensRemaining\n    isAdmin\n    createdAt\n  }\n}"): (typeof documents)["mutation SyncUser($email: String!, $username: String!) {\n  syncUser(email: $email, username: $username) {\n    id\n    username\n    email\n    userType\n    creatorName\n    fname\n    lname\n    country\n    imageUrl\n    subscriptionType\n    subscriptionLevel\n    tokensRemaining\n    isAdmin\n    createdAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProfile($input: UpdateProfileInput!, $image: Upload) {\n  updateProfile(input: $input, image: $image) {\n    id\n    username\n    email\n    userType\n    creatorName\n    fname\n    lname\n    country\n    imageUrl\n    subscriptionType\n    subscriptionLevel\n    tokensRemaining\n    isAdmin\n    createdAt\n  }\n}"): (typeof documents)["mutation UpdateProfile($input: UpdateProfileInput!, $image: Upload) {\n  updateProfile(input: $input, image: $image) {\n    id\n    username\n    email\n    userType\n    creatorName\n    fname\n    lname\n    country\n    imageUrl\n    subscriptionType\n    subscriptionLevel\n    tokensRemaining\n    isAdmin\n    createdAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment BeatFields on Beat {\n  id\n  title\n  prompt\n  bpm\n  key\n  mode\n  structure\n  kind\n  audioUrl\n  downloadUrl\n  durationSeconds\n  peaks\n  producers {\n    name\n    percent\n  }\n  sections {\n    label\n    drums\n    removedDrums\n  }\n  parentId\n  reading {\n    summary\n    ignored\n  }\n  createdAt\n}"): (typeof documents)["fragment BeatFields on Beat {\n  id\n  title\n  prompt\n  bpm\n  key\n  mode\n  structure\n  kind\n  audioUrl\n  downloadUrl\n  durationSeconds\n  peaks\n  producers {\n    name\n    percent\n  }\n  sections {\n    label\n    drums\n    removedDrums\n  }\n  parentId\n  reading {\n    summary\n    ignored\n  }\n  createdAt\n}"];
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
export function graphql(source: "query PlatformStats {\n  platformStats {\n    producers\n    beatsThisMonth\n  }\n}"): (typeof documents)["query PlatformStats {\n  platformStats {\n    producers\n    beatsThisMonth\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SampleBeats {\n  sampleBeats {\n    id\n    title\n    genre\n    audioUrl\n    key\n    mode\n    bpm\n    structure\n    durationSeconds\n    peaks\n  }\n}"): (typeof documents)["query SampleBeats {\n  sampleBeats {\n    id\n    title\n    genre\n    audioUrl\n    key\n    mode\n    bpm\n    structure\n    durationSeconds\n    peaks\n  }\n}"];
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