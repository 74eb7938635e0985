import { drumsInSection, planArrangement, semitonesBetween, type PlanInput } from './arrangement-planner';
import { parseArrangement } from '../../audio';
import { chooseStructure, isStructure } from './song-structure';

const input = (over: Partial<PlanInput> = {}): PlanInput => ({
  bpm: 150,
  key: 'C',
  mode: 'Minor',
  structure: 'IVCBO',
  genre: 'trap',
  composition: {
    id: 'comp',
    bpm: 140,
    bars: 8,
    key: 'A',
    mode: 'Minor',
    stems: [
      { sampleId: 'keys', instrument: 'Keys', producerId: 'p1' },
      { sampleId: 'pad', instrument: 'Pad', producerId: 'p1' },
      { sampleId: 'bells', instrument: 'Bells', producerId: 'p1' },
    ],
  },
  drums: [
    { sampleId: 'kick', drumType: 'Kicks', bpm: 140, bars: 8, key: null, producerId: 'p2' },
    { sampleId: '808', drumType: '808s', bpm: 150, bars: 8, key: 'F', producerId: 'p3' },
    { sampleId: 'hat', drumType: 'Hihats', bpm: 140, bars: 8, key: null, producerId: 'p2' },
  ],
  ...over,
});

describe('planArrangement', () => {
  it('has one 8-bar section per structure letter, stretched to the beat tempo', () => {
    const a = planArrangement(input());
    expect(a.sections.map((s) => s.label).join('')).toBe('IVCBO');
    expect(a.sections.every((s) => s.bars === 8)).toBe(true);
    expect(a.sections.flatMap((s) => s.parts).every((p) => p.transform.toBpm === 150)).toBe(true);
    expect(a).toMatchObject({ version: 1, bpm: 150, key: 'C', mode: 'minor' });
  });

  it('moves the melody and the 808 into the beat key by the smallest shift', () => {
    const a = planArrangement(input());
    const chorus = a.sections[2];
    expect(chorus.parts.find((p) => p.sample.sampleId === 'keys')!.transform.semitones).toBe(3);
    expect(chorus.parts.find((p) => p.sample.sampleId === '808')!.transform.semitones).toBe(-5);
    expect(chorus.parts.find((p) => p.sample.sampleId === 'kick')!.transform.semitones).toBe(0);
  });

  it('keeps the chorus full and the verse and intro sparser', () => {
    const a = planArrangement(input());
    const [intro, verse, chorus] = a.sections;
    expect(chorus.parts).toHaveLength(6);
    expect(verse.parts.filter((p) => p.layerId.startsWith('melody'))).toHaveLength(2);
    expect(intro.parts.map((p) => p.sample.sampleId)).not.toContain('kick');
  });

  it('marks the kick as the sidechain source and the 808 as ducked', () => {
    const a = planArrangement(input());
    expect(a.layers.find((l) => l.role === 'Kicks')?.sidechain).toBe('source');
    expect(a.layers.find((l) => l.role === '808s')?.sidechain).toBe('ducked');
  });

  it('lets the kick into the intro for groove-first genres', () => {
    const a = planArrangement(input({ genre: 'afrobeats' }));
    expect(a.sections[0].parts.map((p) => p.sample.sampleId)).toContain('kick');
  });

  it('places drums by genre: grooves, percussion, calm and sparse openings', () => {
    expect(drumsInSection('I', 'trap').has('Kicks')).toBe(false);
    expect(drumsInSection('B', 'trap').has('Kicks')).toBe(false);
    for (const genre of ['afrobeats', 'pop', 'country', 'boom bap']) {
      expect(drumsInSection('I', genre).has('Kicks')).toBe(true);
      expect(drumsInSection('B', genre).has('Kicks')).toBe(true);
    }
    for (const label of ['I', 'V', 'C', 'B', 'O'] as const) expect(drumsInSection(label, 'afrobeats').has('Percs')).toBe(true);
    expect(drumsInSection('C', 'lo-fi').has('Cymbals')).toBe(false);
    expect(drumsInSection('C', 'lo-fi').has('FX')).toBe(false);
    expect(drumsInSection('I', 'r&b').size).toBe(1); // FX only: the melody opens alone
    expect(drumsInSection('V', 'drill').has('Claps')).toBe(false);
    expect(drumsInSection('V', 'drill').has('Snares')).toBe(true);
    expect(drumsInSection('C', null)).toEqual(drumsInSection('C', 'unknown genre'));
  });

  it('is deterministic', () => {
    expect(planArrangement(input())).toEqual(planArrangement(input()));
  });
});

describe('semitonesBetween and structures', () => {
  it('takes the shortest way round the circle', () => {
    expect(semitonesBetween('C', 'G')).toBe(-5);
    expect(semitonesBetween('C', 'F')).toBe(5);
    expect(semitonesBetween('B', 'C')).toBe(1);
    expect(semitonesBetween('E', 'E')).toBe(0);
  });

  it('gives short first beats and whole songs, genre-aware', () => {
    expect(chooseStructure('short', 'trap', () => 0)).toBe('IVC');
    expect(chooseStructure('full', 'trap', () => 0)).toBe('IVCVCBCO');
    expect(chooseStructure('full', 'unknown', () => 1)).toBe('IVCVCO');
    for (const genre of ['trap', 'drill', 'boom bap', 'lo-fi', 'r&b', 'afrobeats', 'pop', 'country', null]) {
      for (const kind of ['short', 'full'] as const) expect(isStructure(chooseStructure(kind, genre, () => 0))).toBe(true);
    }
  });
});

describe('planArrangement: movement', () => {
  const full = (over: Partial<PlanInput> = {}) => planArrangement(input({ structure: 'IVCVCBCO', ...over }));
  const rangesOf = (a: ReturnType<typeof planArrangement>, s: number, layerId: string) => a.sections[s].parts.find((p) => p.layerId === layerId)?.ranges ?? [];

  it('gives the same input the same arrangement, and another choice of loops other movement', () => {
    expect(full()).toEqual(full());
    expect(parseArrangement(full())).toEqual(full());
    const other = full({ drums: input().drums.map((d) => ({ ...d, sampleId: `${d.sampleId}-2` })) });
    expect(other.sections.map((s) => s.parts.map((p) => p.ranges))).not.toEqual(full().sections.map((s) => s.parts.map((p) => p.ranges)));
  });

  it('puts a transition in the last bar of every section but the last, a hat roll and a stop before a trap chorus', () => {
    const a = full();
    a.sections.slice(0, -1).forEach((section) => {
      const last = section.parts.flatMap((p) => p.ranges ?? []).filter((r) => r.toBeat > section.bars * 4 - 4);
      expect(last.length).toBeGreaterThan(0);
    });
    expect(rangesOf(a, 1, 'hihats')).toContainEqual(expect.objectContaining({ op: 'repeat', toBeat: 31.5 }));
    expect(rangesOf(a, 1, '808s')).toContainEqual({ fromBeat: 30, toBeat: 32, op: 'mute' });
    expect(rangesOf(a, 1, 'melody-1')).toContainEqual({ fromBeat: 31.5, toBeat: 32, op: 'mute' });
  });

  it('varies the fourth bar, rests another stem in the second verse and sets the chorus above the verse', () => {
    const a = full();
    expect(a.sections[1].parts.some((p) => (p.ranges ?? []).some((r) => r.fromBeat >= 12 && r.toBeat <= 16))).toBe(true);
    const melody = (s: number) => a.sections[s].parts.filter((p) => p.layerId.startsWith('melody')).map((p) => p.layerId);
    expect(melody(3)).not.toEqual(melody(1));
    const gainOf = (s: number) => a.sections[s].parts.find((p) => p.layerId === 'kicks')!.transform.gainDb;
    expect(gainOf(2) - gainOf(1)).toBeGreaterThanOrEqual(3);
  });

  it('ends on a final hit with its tail and the melody fading out, not a cut', () => {
    const a = full();
    const outro = a.sections.length - 1;
    expect(rangesOf(a, outro, 'hihats')).toContainEqual({ fromBeat: 28.5, toBeat: 32, op: 'mute' });
    expect(rangesOf(a, outro, 'melody-1')).toContainEqual(expect.objectContaining({ op: 'play', fromDb: 0, toDb: -40 }));
  });

  it('makes the last beat before every boundary a break: the low end and the melody out, only the fill (or a swell) on', () => {
    const snare = { sampleId: 'snare', drumType: 'Snares' as const, bpm: 140, bars: 8, key: null, producerId: 'p2' };
    const shaker = { sampleId: 'shaker', drumType: 'Percs' as const, bpm: 140, bars: 8, key: null, producerId: 'p2' };
    for (const genre of ['trap', 'drill', 'boom bap', 'pop', 'country', 'r&b', 'afrobeats']) {
      // Several loop choices per genre, so both picks of each transition show up.
      for (const variant of ['a', 'b', 'c', 'd']) {
        const a = full({ genre, drums: [...input().drums, snare, shaker].map((d) => ({ ...d, sampleId: `${d.sampleId}-${variant}` })) });
        a.sections.slice(0, -1).forEach((section, s) => {
          const end = section.bars * 4;
          // A part sounds in the last beat unless one of its ranges mutes it there throughout.
          const silentThere = (layerId: string) => (section.parts.find((p) => p.layerId === layerId)?.ranges ?? []).some((r) => r.op === 'mute' && r.fromBeat <= end - 1 && r.toBeat >= end)
            || !section.parts.some((p) => p.layerId === layerId);
          for (const low of ['kicks', '808s']) expect({ genre, s, low, silent: silentThere(low) }).toEqual({ genre, s, low, silent: true });
          // The melody is out for at least the last half beat, or reversed into the next section.
          for (const part of section.parts.filter((p) => p.layerId.startsWith('melody'))) {
            const last = (part.ranges ?? []).find((r) => r.toBeat === end);
            expect({ genre, s, op: last && (last.op === 'mute' || last.op === 'reverse' || last.op === 'filter') ? 'break' : last?.op }).toEqual({ genre, s, op: 'break' });
          }
        });
      }
    }
  });

  it('stops or swells into a groove chorus, and lets afrobeats\' shaker roll alone', () => {
    const snare = { sampleId: 'snare', drumType: 'Snares' as const, bpm: 140, bars: 8, key: null, producerId: 'p2' };
    const seen = new Set<string>();
    for (const variant of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const a = full({ genre: 'pop', drums: [...input().drums, snare].map((d) => ({ ...d, sampleId: `${d.sampleId}-${variant}` })) });
      const verse = rangesOf(a, 1, 'melody-1');
      if (verse.some((r) => r.op === 'reverse' && r.fromBeat === 31 && r.fromHz !== undefined)) seen.add('swell');
      if (verse.some((r) => r.op === 'mute' && r.fromBeat === 31 && r.toBeat === 32)) {
        seen.add('stop');
        expect(rangesOf(a, 1, 'snares')).toContainEqual({ op: 'mute', fromBeat: 31, toBeat: 31.5 });
        expect(rangesOf(a, 1, 'snares')).toContainEqual(expect.objectContaining({ op: 'repeat', fromBeat: 31.5, toBeat: 32 }));
      }
    }
    expect([...seen].sort()).toEqual(['stop', 'swell']);
    const afro = planArrangement(input({ genre: 'afrobeats', structure: 'ICV', drums: [...input().drums, { sampleId: 'shaker', drumType: 'Percs', bpm: 140, bars: 8, key: null, producerId: 'p2' }] }));
    expect(rangesOf(afro, 1, 'hihats')).toContainEqual(expect.objectContaining({ op: 'repeat', fromBeat: 31, toBeat: 32 }));
    expect(rangesOf(afro, 1, 'percs')).toContainEqual({ fromBeat: 31, toBeat: 32, op: 'mute' });
  });

  it('lets lo-fi stop like tape and afrobeats fill with its percussion', () => {
    const lofi = full({ genre: 'lo-fi' });
    expect(rangesOf(lofi, 1, 'melody-1')).toContainEqual(expect.objectContaining({ op: 'filter', toHz: 180 }));
    const afro = planArrangement(input({ genre: 'afrobeats', structure: 'ICV', drums: [...input().drums, { sampleId: 'shaker', drumType: 'Percs', bpm: 140, bars: 8, key: null, producerId: 'p2' }] }));
    expect(rangesOf(afro, 1, 'percs')).toContainEqual(expect.objectContaining({ op: 'repeat', sliceBeats: 0.25 }));
  });
});
