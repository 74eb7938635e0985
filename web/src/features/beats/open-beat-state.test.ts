import { beatActionOf, openBeatIdOf, openBeatState, regenerateBeatState } from './open-beat-state';

describe('the beat a navigation carries to the generator', () => {
  it('opens, regenerates, or opens to license', () => {
    expect(beatActionOf(openBeatState('b1'))).toEqual({ kind: 'open', beatId: 'b1' });
    expect(beatActionOf(regenerateBeatState('b1'))).toEqual({ kind: 'regenerate', beatId: 'b1' });
    expect(beatActionOf(openBeatState('b1', { getLicense: true }))).toEqual({ kind: 'open', beatId: 'b1', getLicense: true });
    expect(openBeatIdOf(openBeatState('b1', { getLicense: true }))).toBe('b1');
  });

  it('ignores anything else', () => {
    expect(beatActionOf(null)).toBeNull();
    expect(beatActionOf({ openBeatId: '' })).toBeNull();
    expect(beatActionOf({ openBeatId: 'b1', getLicense: 'yes' })).toEqual({ kind: 'open', beatId: 'b1' });
    expect(beatActionOf('b1')).toBeNull();
  });
});
