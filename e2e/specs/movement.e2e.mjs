// Issue 32: a listener hears the arrangement move in the browser: they generate a beat in Chromium,
// press play and the player advances; the spec takes the audio the page plays, decodes it in the page
// with WebAudio, and measures per bar that the bar before the chorus (its fill, drop or riser) differs
// from the verse's typical bar, and that the chorus is louder than the verse.
import assert from 'node:assert/strict';
import { accessTokenOf, newAccount, registerOnProvider } from '../accounts.mjs';
import { ensureCatalogue } from '../catalogue.mjs';
import { createAxeChecker } from '../axe.mjs';
import { report, test } from '../fixtures.mjs';

export const name = 'a listener hears fills, drops and builds: the bar before the chorus differs from the verse, the chorus is louder (audio decoded in the page)';

const PROMPT = 'dark trap beat';
/** The quality test's threshold for "differs audibly" (docs/arrangement-quality.md: calibrated at 0.4-10.4 dB on beats without transitions). */
const BOUNDARY_DB = 12;
/** The contrast: a chorus at least 1.5 dB over its verse. */
const CHORUS_OVER_VERSE_DB = 1.5;
const BARS_PER_SECTION = 8;

export async function run({ browser, webUrl, apiUrl }) {
  const axe = createAxeChecker();
  const { page, shot } = browser;
  const figures = {};
  // Signed out, Enter alerts that a login is needed (generator.e2e.mjs checks the words).
  page.on('dialog', (dialog) => void dialog.accept());
  // Every media element the app creates, to find the audio the browser really plays.
  await page.addInitScript(() => {
    const NativeAudio = window.Audio;
    window.__media = [];
    window.Audio = function Audio(...args) {
      const element = new NativeAudio(...args);
      window.__media.push(element);
      return element;
    };
    window.Audio.prototype = NativeAudio.prototype;
  });
  const promptBox = page.getByRole('textbox', { name: 'Describe your beat' });
  const player = page.locator('article.beat-player');

  // A listener signs up and the catalogue is there (the demo library, with its risers and impacts, or uploaded loops).
  await page.goto(`${webUrl}/`);
  await promptBox.fill(PROMPT);
  await promptBox.press('Enter');
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  await registerOnProvider(page, webUrl, newAccount('mover'));
  figures['catalogue ready after (ms)'] = await ensureCatalogue(apiUrl, await accessTokenOf(page), Date.now());
  await page.reload();
  await promptBox.waitFor();

  // Generate, press play: the player advances.
  await promptBox.fill(PROMPT);
  await promptBox.press('Enter');
  const play = player.getByRole('button', { name: 'Play' });
  await play.waitFor({ timeout: 180_000 });
  await page.waitForFunction(() => document.querySelector('article.beat-player')?.dataset.ready === 'true', null, { timeout: 60_000 });
  await play.click();
  await player.getByRole('button', { name: 'Pause' }).waitFor();
  await page.waitForFunction(() => (document.querySelector('[data-testid=elapsed]')?.textContent ?? '00:00') >= '00:02', null, { timeout: 30_000 });
  const src = await page.evaluate(() => window.__media.find((m) => !m.paused && m.currentTime > 0)?.currentSrc ?? null);
  assert.ok(src, 'a media element is playing');
  await shot('movement-01-playing');
  await axe.check(page, 'movement-01-playing');

  // The structure and tempo the player shows.
  const structure = (await player.locator('.beat-player__section').evaluateAll((els) =>
    els.map((el) => [...el.classList].find((c) => c.startsWith('beat-player__section--')).slice(-1)))).join('');
  const bpm = Number(await player.locator('.beat-player__tile', { hasText: 'BPM' }).locator('dd').textContent());
  figures.structure = structure;
  figures.BPM = bpm;
  const chorus = structure.indexOf('C', 1);
  assert.ok(chorus > 0, `a chorus after the opening section: ${structure}`);
  const verse = structure.indexOf('V');
  assert.ok(verse >= 0, `a verse: ${structure}`);

  // The audio the page plays, decoded in the page with WebAudio: per bar, its level and its onset
  // pattern (per sixteenth, the level of the lows under 150 Hz, the mids and the highs over 4 kHz,
  // split by the browser's own biquad filters in an offline context).
  const measured = await page.evaluate(async ({ src, bpm }) => {
    const bytes = await (await fetch(src)).arrayBuffer();
    const decoded = await new OfflineAudioContext(2, 1, 44_100).decodeAudioData(bytes);
    const band = async (filters) => {
      const ctx = new OfflineAudioContext(1, decoded.length, decoded.sampleRate);
      const source = ctx.createBufferSource();
      source.buffer = decoded;
      let node = source;
      for (const [type, frequency] of filters) {
        for (let k = 0; k < 2; k++) {
          const f = ctx.createBiquadFilter();
          f.type = type;
          f.frequency.value = frequency;
          node.connect(f);
          node = f;
        }
      }
      node.connect(ctx.destination);
      source.start();
      return (await ctx.startRendering()).getChannelData(0);
    };
    const bands = [await band([['lowpass', 150]]), await band([['highpass', 150], ['lowpass', 4000]]), await band([['highpass', 4000]])];
    const whole = await band([]);
    const barFrames = (4 * 60 * decoded.sampleRate) / bpm;
    const db = (x, from, to) => {
      let sum = 0;
      for (let i = from; i < to; i++) sum += x[i] * x[i];
      return 10 * Math.log10(sum / Math.max(1, to - from) + 1e-10);
    };
    const bars = [];
    for (let b = 0; Math.round((b + 1) * barFrames) <= decoded.length; b++) {
      const start = Math.round(b * barFrames);
      const pattern = [];
      for (const x of bands) {
        for (let s = 0; s < 16; s++) pattern.push(db(x, start + Math.floor((s * barFrames) / 16), start + Math.floor(((s + 1) * barFrames) / 16)));
      }
      bars.push({ level: db(whole, start, Math.round((b + 1) * barFrames)), pattern });
    }
    return { seconds: decoded.duration, sampleRate: decoded.sampleRate, bars };
  }, { src, bpm });
  figures['decoded in the page (s)'] = measured.seconds.toFixed(1);
  const expectedBars = structure.length * BARS_PER_SECTION;
  assert.ok(measured.bars.length >= expectedBars - 1, `${measured.bars.length} bars decoded for ${structure} (${expectedBars})`);

  // The distance of a bar from another (arrangement-measures.ts's patternDistance): per beat, the mean
  // absolute step-level difference (each clamped at 30 dB), the largest of the four beats.
  const distance = (a, b) => {
    let largest = 0;
    for (let beat = 0; beat < 4; beat++) {
      let sum = 0;
      for (let band = 0; band < 3; band++) for (let s = beat * 4; s < beat * 4 + 4; s++) sum += Math.min(30, Math.abs(a[band * 16 + s] - b[band * 16 + s]));
      largest = Math.max(largest, sum / 12);
    }
    return largest;
  };
  const median = (values) => {
    const sorted = [...values].sort((x, y) => x - y);
    const m = sorted.length >> 1;
    return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
  };
  const barsOf = (section) => measured.bars.slice(section * BARS_PER_SECTION, (section + 1) * BARS_PER_SECTION);
  const verseBars = barsOf(verse);
  // The verse's typical bar: the element-wise median of its bars but the last (its transition).
  const typical = verseBars[0].pattern.map((_, i) => median(verseBars.slice(0, -1).map((bar) => bar.pattern[i])));
  const beforeChorus = barsOf(chorus - 1).at(-1);
  const boundary = distance(beforeChorus.pattern, typical);
  const ordinary = median(verseBars.slice(1, -1).map((bar) => distance(bar.pattern, typical)));
  figures['bar before the chorus against the verse’s typical bar (dB)'] = boundary.toFixed(1);
  figures['a verse bar against it, median (dB)'] = ordinary.toFixed(1);
  assert.ok(boundary > BOUNDARY_DB, `the bar before the chorus differs audibly from the verse: ${boundary.toFixed(1)} dB (threshold ${BOUNDARY_DB})`);
  assert.ok(boundary > ordinary + 6, `and far more than the verse's own bars do: ${boundary.toFixed(1)} against ${ordinary.toFixed(1)} dB`);

  // The chorus louder than the verse: the mean level of their bars (the verse's but its transition).
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const chorusDb = mean(barsOf(chorus).slice(0, -1).map((bar) => bar.level));
  const verseDb = mean(verseBars.slice(0, -1).map((bar) => bar.level));
  figures['chorus over verse (dB)'] = (chorusDb - verseDb).toFixed(2);
  assert.ok(chorusDb - verseDb >= CHORUS_OVER_VERSE_DB, `the chorus is at least ${CHORUS_OVER_VERSE_DB} dB over the verse: ${(chorusDb - verseDb).toFixed(2)} dB`);
  // The highs of the bar before the chorus, beat by beat (a riser swells, a roll fills, a break empties).
  figures['highs of the bar before the chorus, per beat (dB)'] = [0, 1, 2, 3].map((b) => mean(beforeChorus.pattern.slice(32 + 4 * b, 36 + 4 * b)).toFixed(1)).join(' ');

  await player.getByRole('button', { name: 'Pause' }).click();
  await play.waitFor();
  await shot('movement-02-measured');
  axe.assertClean();
  return { figures };
}

test(name, async ({ app }) => report(await run(app)));
