import { inflateSync } from 'node:zlib';
import { barHeights, waveformPng, WAVEFORM_IMAGE } from './waveform-png';

/** The PNG's pixels, from its one IDAT chunk (RGB, filter byte per row). */
function pixels(png: Buffer): { at: (x: number, y: number) => number[] } {
  const idatAt = png.indexOf('IDAT');
  const length = png.readUInt32BE(idatAt - 4);
  const raw = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + length));
  const row = 1 + WAVEFORM_IMAGE.width * 3;
  return { at: (x, y) => [...raw.subarray(y * row + 1 + x * 3, y * row + 4 + x * 3)] };
}

describe('waveform PNG', () => {
  it('is a 1200 x 630 RGB PNG with bars as tall as the peaks, on the background', async () => {
    const png = await waveformPng([0, 1, 0.5, 0]);
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([1200, 630, 8, 2]);
    const image = pixels(png);
    const { margin, barWidth, barGap, background, bar } = WAVEFORM_IMAGE;
    expect(image.at(0, 0)).toEqual([...background]);
    // 108 bars over 4 peaks: bar 30 is in the loudest peak's stretch, bar 100 in a silent one.
    const loud = margin + 30 * (barWidth + barGap);
    const quiet = margin + 100 * (barWidth + barGap);
    expect(image.at(loud, margin + 2)).toEqual([...bar]);
    expect(image.at(loud, 315)).toEqual([...bar]);
    expect(image.at(loud + barWidth, 315)).toEqual([...background]);
    expect(image.at(quiet, 315)).toEqual([...bar]);
    expect(image.at(quiet, 300)).toEqual([...background]);
  });

  it('takes each bar from the loudest peak of its stretch, relative to the loudest', () => {
    expect(barHeights([0.1, 0.4, 0.2, 0.2], 2)).toEqual([1, 0.5]);
    expect(barHeights([], 3)).toEqual([0, 0, 0]);
  });
});
