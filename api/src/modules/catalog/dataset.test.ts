import { CONTRIBUTION_THRESHOLD, DATASET_GENRES } from './dataset-genres';
import { percentages } from './dataset.service';
import { tagKey } from './tags';

describe('the dataset genres', () => {
  it('are the 20 genres of requirements (producers and admin), each with a style and three example artists', () => {
    expect(DATASET_GENRES).toHaveLength(20);
    expect(new Set(DATASET_GENRES.map((g) => g.name)).size).toBe(20);
    for (const name of ['Ambient Rap Beats', 'Bubble Gum Pop', '80s Synthwave', 'RnB Rap', 'Street Rap', 'Hip-Hop']) {
      expect(DATASET_GENRES.map((g) => g.name)).toContain(name);
    }
    for (const genre of DATASET_GENRES) {
      expect(genre.style.length).toBeGreaterThan(30);
      expect(genre.artists).toHaveLength(3);
      expect(new Set(genre.artists).size).toBe(3);
      expect(genre.tags.length).toBeGreaterThan(0);
    }
    expect(CONTRIBUTION_THRESHOLD).toBe(7);
  });

  it('give every genre tag to one genre only, in the stored lower-case form', () => {
    const tags = DATASET_GENRES.flatMap((g) => g.tags);
    expect(new Set(tags).size).toBe(tags.length);
    for (const tag of tags) expect(tagKey(tag)).toBe(tag);
  });
});

describe('percentages', () => {
  it('add up to exactly 100.00 with two decimals', () => {
    const result = percentages([1, 1, 1]);
    expect(result).toEqual([33.34, 33.33, 33.33]);
    expect(Math.round(result.reduce((a, b) => a + b, 0) * 100)).toBe(10_000);
    const many = percentages([7, 3, 11, 0, 2.5, 19, 1, 1, 1]);
    expect(Math.round(many.reduce((a, b) => a + b, 0) * 100)).toBe(10_000);
    for (const p of many) expect(Math.round(p * 100)).toBeCloseTo(p * 100, 6);
  });

  it('are proportional to the weights and zero for a weight of zero', () => {
    expect(percentages([3, 1, 0])).toEqual([75, 25, 0]);
  });

  it('are all zero when nothing was counted', () => {
    expect(percentages([0, 0, 0])).toEqual([0, 0, 0]);
    expect(percentages([])).toEqual([]);
  });
});
