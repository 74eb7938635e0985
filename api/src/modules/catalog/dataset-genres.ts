/**
 * The 20 genres the Our Dataset page reports on (requirements §P2, §9): each with the style it stands
 * for, three example artists, and the genre tags (lower-case keys, see tags.ts) that count a
 * sample towards it. A tag belongs to at most one genre.
 */
export interface DatasetGenreDefinition {
  readonly name: string;
  readonly style: string;
  readonly artists: readonly [string, string, string];
  readonly tags: readonly string[];
}

/** Genres under this share (percent) ask producers for contributions (requirements §P9). */
export const CONTRIBUTION_THRESHOLD = 7;

export const DATASET_GENRES: readonly DatasetGenreDefinition[] = [
  {
    name: 'Ambient Rap Beats',
    style: 'Washed-out pads, reversed textures and slow, spacious drums that leave room for a floating vocal.',
    artists: ['Travis Scott', 'Don Toliver', 'Bladee'],
    tags: ['ambient rap beats', 'ambient rap', 'ambient', 'cloud rap', 'atmospheric'],
  },
  {
    name: 'Bubble Gum Pop',
    style: 'Bright major-key synths, sugary hooks and bouncy four-on-the-floor grooves built for the chorus.',
    artists: ['Charli XCX', 'Carly Rae Jepsen', 'Kim Petras'],
    tags: ['bubble gum pop', 'bubblegum pop', 'bubblegum', 'pop', 'hyperpop'],
  },
  {
    name: '80s Synthwave',
    style: 'Analog-style arpeggios, gated snares and neon pads that sound like a night drive in 1986.',
    artists: ['The Weeknd', 'Kavinsky', 'The Midnight'],
    tags: ['80s synthwave', 'synthwave', 'retrowave', 'synth pop', 'synth-pop', '80s', 'outrun'],
  },
  {
    name: 'RnB Rap',
    style: 'Silky chords and pitched vocal chops over crisp trap drums: melodic rap with a slow-jam heart.',
    artists: ['Bryson Tiller', 'PARTYNEXTDOOR', 'Summer Walker'],
    tags: ['rnb rap', 'r&b rap', 'rnb', 'r&b', 'r and b', 'r n b', 'trapsoul'],
  },
  {
    name: 'Street Rap',
    style: 'Menacing piano and string loops, heavy 808s and sparse, hard-hitting drums for raw storytelling.',
    artists: ['Rod Wave', 'Lil Durk', 'NBA YoungBoy'],
    tags: ['street rap', 'street', 'gangsta rap', 'gangsta', 'hood'],
  },
  {
    name: 'Hip-Hop',
    style: 'Sampled soul and jazz, swung drums and a warm bass line: the classic backbone of rap.',
    artists: ['Kendrick Lamar', 'J. Cole', 'Nas'],
    tags: ['hip-hop', 'hip hop', 'hiphop', 'rap', 'east coast', 'west coast'],
  },
  {
    name: 'Trap',
    style: 'Rolling hi-hats, booming 808s and dark melodies at double-time tempos.',
    artists: ['Future', 'Metro Boomin', 'Young Thug'],
    tags: ['trap', 'dark trap', 'atlanta'],
  },
  {
    name: 'Drill',
    style: 'Sliding 808s, syncopated snares and ominous choirs and strings in the UK and New York tradition.',
    artists: ['Pop Smoke', 'Central Cee', 'Headie One'],
    tags: ['drill', 'uk drill', 'ny drill', 'brooklyn drill', 'chicago drill'],
  },
  {
    name: 'Boom Bap',
    style: 'Dusty kicks and snappy snares on the beat, chopped samples and scratches: 90s New York grit.',
    artists: ['Joey Bada$$', 'Westside Gunn', 'Mos Def'],
    tags: ['boom bap', 'boombap', 'boom-bap', '90s'],
  },
  {
    name: 'Lo-Fi',
    style: 'Mellow jazz chords, vinyl crackle and lazy, behind-the-beat drums for studying and late nights.',
    artists: ['Nujabes', 'J Dilla', 'Idealism'],
    tags: ['lo-fi', 'lofi', 'lo fi', 'lo-fi hip hop', 'chillhop', 'chill'],
  },
  {
    name: 'Afrobeats',
    style: 'Syncopated percussion, log drums and bright guitar or keys riffs over a relaxed, dancing groove.',
    artists: ['Burna Boy', 'Wizkid', 'Rema'],
    tags: ['afrobeats', 'afrobeat', 'afro', 'afro beats', 'amapiano', 'afropop'],
  },
  {
    name: 'Reggaeton',
    style: 'The dembow rhythm, plucked synths and reverb-heavy leads for a Latin club floor.',
    artists: ['Bad Bunny', 'J Balvin', 'Karol G'],
    tags: ['reggaeton', 'dembow', 'latin', 'latin trap'],
  },
  {
    name: 'Dancehall',
    style: 'Riddims with punchy kicks, off-beat skanks and digital basses straight from Kingston.',
    artists: ['Vybz Kartel', 'Popcaan', 'Sean Paul'],
    tags: ['dancehall', 'reggae', 'riddim', 'caribbean'],
  },
  {
    name: 'Country Rap',
    style: 'Acoustic and slide guitars, banjo licks and stomping drums meeting rap cadences and 808s.',
    artists: ['Lil Nas X', 'Jelly Roll', 'Morgan Wallen'],
    tags: ['country rap', 'country', 'country trap', 'americana'],
  },
  {
    name: 'Pop Punk',
    style: 'Distorted power chords, driving live drums and big, shout-along choruses.',
    artists: ['Machine Gun Kelly', 'Olivia Rodrigo', 'blink-182'],
    tags: ['pop punk', 'pop-punk', 'punk', 'emo', 'rock', 'emo rap'],
  },
  {
    name: 'Jersey Club',
    style: 'Chopped vocal samples and the signature bed-squeak kick pattern at a breakneck 140 BPM.',
    artists: ['Bandmanrill', 'Lil Uzi Vert', 'DJ Sliink'],
    tags: ['jersey club', 'jersey', 'club', 'baltimore club'],
  },
  {
    name: 'Phonk',
    style: 'Memphis vocal samples, cowbell melodies and distorted 808s with a drifting, hazy mix.',
    artists: ['Kordhell', 'DVRST', 'Freddie Dredd'],
    tags: ['phonk', 'drift phonk', 'memphis', 'memphis rap'],
  },
  {
    name: 'Soul',
    style: 'Warm Rhodes, live bass and horn stabs with the swing of a band in the room.',
    artists: ['Leon Bridges', 'Daniel Caesar', 'Alicia Keys'],
    tags: ['soul', 'neo soul', 'neo-soul', 'motown', 'funk'],
  },
  {
    name: 'Gospel',
    style: 'Church organ, choir stacks and uplifting chord changes that build to a joyful climax.',
    artists: ['Kirk Franklin', 'Tye Tribbett', 'Kanye West'],
    tags: ['gospel', 'church', 'choir', 'christian'],
  },
  {
    name: 'House',
    style: 'Four-on-the-floor kicks, open hi-hats and looping chord stabs made for long nights on the floor.',
    artists: ['Fred again..', 'Disclosure', 'Kaytranada'],
    tags: ['house', 'deep house', 'edm', 'dance', 'electronic', 'garage', 'uk garage'],
  },
];
