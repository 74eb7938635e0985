import { LANDMARK_FRAME_SECONDS } from '../../audio';
import { MIN_ALIGNED_HITS, matchesOf } from './landmark-matcher';

const at = (beatId: string, delta: number, hits: number, from = 0, to = 400) => ({ setId: 1, beatId, delta, hits, from, to });

describe('matchesOf', () => {
  it('lists nothing below the threshold', () => {
    expect(matchesOf([at('a', 10, MIN_ALIGNED_HITS - 1), at('b', 3, 4)])).toEqual([]);
  });

  it('joins alignments one frame apart (a recording cut between frames) into one span', () => {
    const [match] = matchesOf([at('a', 100, MIN_ALIGNED_HITS - 2, 10, 200), at('a', 101, 5, 5, 250)]);
    expect(match.beatId).toBe('a');
    expect(match.spans).toHaveLength(1);
    expect(match.hits).toBe(MIN_ALIGNED_HITS + 3);
    const span = match.spans[0];
    expect(span.recordingStart).toBeCloseTo(5 * LANDMARK_FRAME_SECONDS, 2);
    expect(span.recordingEnd).toBeCloseTo(251 * LANDMARK_FRAME_SECONDS, 2);
    expect(span.beatStart).toBeCloseTo(105 * LANDMARK_FRAME_SECONDS, 2);
  });

  it('lists every beat sharing the excerpt, ties in a stable order, never one picked at random', () => {
    const matches = matchesOf([at('b', 50, 40), at('a', 7, 40), at('c', 3, 80)]);
    expect(matches.map((m) => [m.beatId, m.hits])).toEqual([['c', 80], ['a', 40], ['b', 40]]);
    expect(matches[0].confidence).toBe(1);
    expect(matches[1].confidence).toBeLessThan(1);
  });

  it('gives a beat used twice in a song two spans, strongest first', () => {
    const [match] = matchesOf([at('a', 0, 20, 0, 300), at('a', -2000, 30, 2000, 2300)]);
    expect(match.spans.map((s) => s.hits)).toEqual([30, 20]);
    expect(match.spans[0].recordingStart).toBeCloseTo(2000 * LANDMARK_FRAME_SECONDS, 1);
    expect(match.spans[0].beatStart).toBe(0);
  });
});
