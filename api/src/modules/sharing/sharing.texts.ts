/** What the sharing module tells people, in one place. */
export const SHARING_TEXTS = {
  beatNotFound: 'That beat does not exist.',
  notShared: 'This beat is not shared.',
  malformedId: 'That share link is not valid.',
  notOwner: 'Only the owner of this beat can share it.',
  exclusiveOnly: 'This beat was sold as an exclusive: only its exclusive owner can share it.',
  badAudioLink: 'This audio link is not valid.',
  expiredAudioLink: 'This audio link has expired. Open the page again.',
  tooManyViews: 'Too many requests for shared beats from your network. Please wait a moment.',
  tooManyPlays: 'Too many plays reported from your network. Please wait a moment.',
  tooManyAudio: 'This beat is being fetched faster than it plays. Please wait a moment.',
} as const;
