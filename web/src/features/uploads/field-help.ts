/** The info popovers' text (requirements §P2 "Info popovers per field give a description and examples"). */
export interface FieldHelp {
  readonly description: string;
  readonly examples: string;
}

export const FIELD_HELP = {
  artists: {
    description: 'Artists whose sound this sample fits. Listeners name artists in their prompts, so these decide when your sample is picked.',
    examples: 'Metro Boomin, Travis Scott, Drake',
  },
  instruments: {
    description: 'The instruments you hear in the stems.',
    examples: 'piano, strings, bells, synth pad, guitar',
  },
  genres: {
    description: 'The genres the sample belongs to.',
    examples: 'trap, drill, lo-fi, R&B, afrobeats',
  },
  moods: {
    description: 'How the sample feels.',
    examples: 'dark, sad, uplifting, dreamy, aggressive',
  },
  tempoStyle: {
    description: 'How the tempo feels when it plays.',
    examples: 'half-time, double-time, bouncy, laid-back',
  },
  bpm: {
    description: 'The tempo the loop was made at, in beats per minute (40 to 250). Digits only.',
    examples: '140, 90, 120',
  },
  key: {
    description: 'The key the composition is in.',
    examples: 'C, F#, A#',
  },
  mode: {
    description: 'Whether the key is major or minor. Required.',
    examples: 'Minor for a dark trap loop, Major for a bright pop loop',
  },
  drumType: {
    description: 'What the loop plays. A file name with a keyword (kick, snr, hh, 808...) picks it for you.',
    examples: 'Kicks, Snares, Hihats, 808s',
  },
  style: {
    description: 'The mood or style of the drum loop.',
    examples: 'hard, bouncy, dark, minimal',
  },
} satisfies Record<string, FieldHelp>;

export type FieldHelpKey = keyof typeof FIELD_HELP;
