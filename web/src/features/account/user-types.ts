/** What a user says they are (the api's USER_TYPES, in its order), with the labels the form shows. */
export const USER_TYPES = [
  { value: 'artist', label: 'Artist' },
  { value: 'producer', label: 'Producer' },
  { value: 'songwriter', label: 'Songwriter' },
  { value: 'listener', label: 'Listener' },
] as const;
