/**
 * Genre words a prompt may use, and the genres of the catalogue that stand in for them when the
 * catalogue has none of that genre (the first one it has wins): a small taxonomy of popular music,
 * written by hand. The catalogue's own genre tags always come first.
 */
export const GENRE_ALIASES: Readonly<Record<string, string>> = {
  'hip hop': 'boom bap', 'hip-hop': 'boom bap', hiphop: 'boom bap', boombap: 'boom bap', 'boom-bap': 'boom bap', '90s hip hop': 'boom bap', 'old school': 'boom bap',
  lofi: 'lo-fi', 'lo fi': 'lo-fi', chillhop: 'lo-fi', 'jazz hop': 'lo-fi', jazzhop: 'lo-fi',
  rnb: 'r&b', 'r and b': 'r&b', 'r n b': 'r&b', 'r&b': 'r&b', 'r & b': 'r&b',
  afro: 'afrobeats', afrobeat: 'afrobeats', 'afro beats': 'afrobeats', 'afro beat': 'afrobeats', afropop: 'afrobeats', 'afro pop': 'afrobeats',
  'uk drill': 'drill', 'ny drill': 'drill', 'brooklyn drill': 'drill', 'chicago drill': 'drill', 'bronx drill': 'drill',
  'trap soul': 'r&b', trapsoul: 'r&b',
};

export const GENRE_STAND_INS: Readonly<Record<string, readonly string[]>> = {
  rap: ['trap', 'boom bap'], 'emo rap': ['trap'], rage: ['trap'], phonk: ['trap', 'drill'], 'latin trap': ['trap'], 'cloud rap': ['trap'],
  grime: ['drill'], 'g-funk': ['boom bap', 'r&b'], 'g funk': ['boom bap', 'r&b'],
  'neo soul': ['r&b', 'lo-fi'], soul: ['r&b', 'boom bap'], funk: ['r&b', 'pop'], gospel: ['r&b'], jazz: ['lo-fi', 'boom bap'], blues: ['country', 'r&b'],
  afroswing: ['afrobeats'], amapiano: ['afrobeats'], 'bongo flava': ['afrobeats'], dancehall: ['afrobeats', 'pop'], reggae: ['afrobeats'],
  reggaeton: ['afrobeats', 'pop'], latin: ['pop', 'afrobeats'], salsa: ['afrobeats', 'pop'], bachata: ['pop', 'r&b'], cumbia: ['afrobeats', 'country'],
  'norteño': ['country'], norteno: ['country'], corridos: ['country'], 'flamenco pop': ['pop'],
  'dance pop': ['pop'], 'synth pop': ['pop'], synthpop: ['pop'], hyperpop: ['pop'], 'k-pop': ['pop'], kpop: ['pop'], 'k pop': ['pop'], disco: ['pop'],
  edm: ['pop'], house: ['pop'], 'tropical house': ['pop', 'afrobeats'], trance: ['pop'], electronic: ['pop'], dubstep: ['trap'], 'uk garage': ['pop'],
  breakbeat: ['pop'], 'dream pop': ['lo-fi', 'pop'], 'bedroom pop': ['lo-fi', 'pop'], indie: ['pop', 'lo-fi'], alternative: ['pop'], psychedelic: ['pop'], britpop: ['pop'],
  rock: ['pop', 'country'], 'pop punk': ['pop'], punk: ['pop'], emo: ['pop'], grunge: ['pop'], metal: ['pop'], 'nu metal': ['pop'], 'rap metal': ['trap'],
  'southern rock': ['country'], folk: ['country'], americana: ['country'], bluegrass: ['country'],
};
