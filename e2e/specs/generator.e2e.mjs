// Issue 6: the generator, the beat player and the section editor, in the browser on a fresh install.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accessTokenOf, newAccount, registerOnProvider } from '../accounts.mjs';
import { ensureCatalogue } from '../catalogue.mjs';
import { createAxeChecker } from '../axe.mjs';
import { report, test } from '../fixtures.mjs';

export const name = 'generate a beat, play it, download it, full beat and section edits, reopen and regenerate from My Account';

const PROMPT = 'trap type beat with country drums';
const STAGES = ['Getting audio files...', 'Arranging drums...', 'Arranging melody files...', 'Generating structure...', 'Applying mixing...'];
const HINTS = [
  'What type of beat do you want to generate?',
  "Enter an artist name or genre you'd like to make",
  'Try trap type beat with country drums',
  "Best results come from 'Artist Name' Type Beat",
];

export async function run({ browser, webUrl, apiUrl }) {
  // axe-core on every screen below: serious and critical violations fail the spec at its end.
  const axe = createAxeChecker();
  const { page, shot } = browser;
  const figures = {};
  const dialogs = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  // Every media element the app creates (wavesurfer plays through one per beat), to read what the
  // browser really plays: its address, volume, position.
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
  const media = () => page.evaluate(() => window.__media.map((m) => ({ src: m.currentSrc || m.src, volume: m.volume, time: m.currentTime, paused: m.paused })));
  const promptBox = page.getByRole('textbox', { name: 'Describe your beat' });
  const panel = page.getByRole('region', { name: 'Generating Your Beat' });
  const player = page.locator('article.beat-player');
  const alerts = page.locator('.generator [role=alert]');

  // 1. Signed out: the generator asks for a login; the placeholder rotates; a submit alerts and signs in.
  await page.goto(`${webUrl}/`);
  await page.getByText('Please log in to use the beat generator.').waitFor();
  const firstHint = await promptBox.getAttribute('placeholder');
  assert.ok(HINTS.includes(firstHint), `a spec hint: ${firstHint}`);
  await page.waitForFunction(
    ([hint]) => document.querySelector('textarea')?.getAttribute('placeholder') !== hint,
    [firstHint],
    { timeout: 7_000 },
  );
  const nextHint = await promptBox.getAttribute('placeholder');
  assert.equal(nextHint, HINTS[(HINTS.indexOf(firstHint) + 1) % HINTS.length], 'the next hint follows');
  await shot('generator-01-signed-out');
  await axe.check(page, 'generator-01-signed-out');
  await promptBox.fill(PROMPT);
  await promptBox.press('Enter');
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  assert.deepEqual(dialogs, ['You must be logged in to generate a beat.']);

  // 2. Register through the built-in provider; back on the generator.
  await registerOnProvider(page, webUrl, newAccount('gen'));
  await page.getByText('Tokens Remaining: 25').waitFor();
  await promptBox.waitFor();
  assert.equal(await page.getByText('Please log in to use the beat generator.').count(), 0);

  // 3. The catalogue: the demo library a fresh install stores in the background, else our own loops.
  const catalogue = Date.now();
  const token = await accessTokenOf(page);
  figures['catalogue ready after (ms)'] = await ensureCatalogue(apiUrl, token, catalogue);
  // Setting up the catalogue may have changed the balance (uploads need Premium for a while): read it fresh.
  await page.reload();
  await promptBox.waitFor();
  const tokensAtStart = Number((await page.getByText(/^Tokens Remaining: \d+$/).textContent()).match(/\d+/)[0]);

  // 4. Generate: Enter, the panel with the live stages, the player; play it.
  await page.evaluate(() => {
    window.__steps = [];
    const record = () => {
      const text = document.querySelector('[data-testid=generation-step]')?.textContent?.trim();
      if (text && window.__steps[window.__steps.length - 1] !== text) window.__steps.push(text);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await promptBox.fill(PROMPT);
  const enter = Date.now();
  await promptBox.press('Enter');
  await panel.waitFor();
  assert.equal(await page.getByRole('button', { name: 'Generate' }).isDisabled(), true, 'Generate is disabled while loading');
  await page.getByText('Please wait while we craft your unique sound...').waitFor();
  await page.getByText(`Tokens Remaining: ${tokensAtStart - 1}`).waitFor();
  await page.getByTestId('generation-step').filter({ hasText: /\S/ }).waitFor();
  await shot('generator-02-generating');
  await axe.check(page, 'generator-02-generating');
  const play = player.getByRole('button', { name: 'Play' });
  await play.waitFor({ timeout: 180_000 });
  await assertNoError(alerts);
  figures['Enter to beat shown (ms)'] = Date.now() - enter;
  await page.waitForFunction(() => document.querySelector('article.beat-player')?.dataset.ready === 'true', null, { timeout: 60_000 });
  await play.click();
  await player.getByRole('button', { name: 'Pause' }).waitFor();
  await page.waitForFunction(() => window.__media.some((m) => !m.paused && m.currentTime > 0), null, { timeout: 30_000 });
  figures['Enter to playing beat (ms)'] = Date.now() - enter;
  const steps = await page.evaluate(() => window.__steps);
  const distinctStages = [...new Set(steps)].filter((s) => STAGES.includes(s));
  assert.ok(distinctStages.length >= 3, `at least three stage messages arrived: ${JSON.stringify(steps)}`);
  assert.deepEqual(steps.filter((s) => !STAGES.includes(s)), [], 'only stage messages');
  figures['stage messages seen'] = distinctStages.length;

  // The clock advances while it plays.
  await page.waitForFunction(() => {
    const elapsed = document.querySelector('[data-testid=elapsed]')?.textContent ?? '00:00';
    return elapsed >= '00:02';
  }, null, { timeout: 30_000 });
  const total = await player.getByTestId('duration').textContent();
  assert.match(total, /^\d\d:\d\d$/);
  assert.notEqual(total, '00:00');
  await player.getByText('Structure:').waitFor();
  for (const tile of ['Key', 'Mode', 'BPM']) await player.getByText(tile, { exact: true }).waitFor();
  await page.getByRole('region', { name: 'Contributed Producers' }).getByText(/%$/).first().waitFor();
  // Free plan: full beat and editing are there but disabled.
  assert.equal(await page.getByRole('button', { name: 'Make Full Beat' }).isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: /Edit Beat Sections/ }).isDisabled(), true);
  await shot('generator-03-playing');
  await axe.check(page, 'generator-03-playing');

  // Volume: from 100% down with the keyboard.
  const slider = player.getByRole('slider', { name: 'Volume' });
  await slider.focus();
  for (let i = 0; i < 25; i++) await slider.press('ArrowLeft');
  await player.getByText('75%', { exact: true }).waitFor();
  const playing = (await media()).at(-1);
  assert.equal(playing.volume, 0.75, 'the audio plays at the chosen volume');
  await shot('generator-04-volume');
  await axe.check(page, 'generator-04-volume');
  await player.getByRole('button', { name: 'Pause' }).click();
  await play.waitFor();

  // Download saves the file.
  const saved = mkdtempSync(join(tmpdir(), 'ysm-download-'));
  try {
    const [download] = await Promise.all([page.waitForEvent('download'), player.getByRole('button', { name: 'Download' }).click()]);
    assert.match(download.suggestedFilename(), /\.mp3$/);
    const file = join(saved, download.suggestedFilename());
    await download.saveAs(file);
    const bytes = readFileSync(file);
    assert.ok(bytes.length > 10_000, `a real file (${bytes.length} bytes)`);
    const mp3 = bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0);
    assert.ok(mp3, 'an MP3 file');
    figures['downloaded file (bytes)'] = bytes.length;
  } finally {
    rmSync(saved, { recursive: true, force: true });
  }

  // 5. Early Access Premium (level 2) through the local checkout.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Subscriptions' }).click();
  await page.getByRole('article', { name: 'Early Access Premium' }).getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(new RegExp(`^${apiUrl}/local-checkout/`));
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('heading', { name: 'Success!' }).waitFor({ timeout: 30_000 });

  // 6. Back to the beat from My Account (the generator is a fresh page now).
  await openFromAccount(page, PROMPT);
  await play.waitFor({ timeout: 30_000 });
  assert.equal(await promptBox.inputValue(), PROMPT, 'the prompt of the opened beat');
  assert.equal(await page.getByRole('button', { name: 'Make Full Beat' }).isEnabled(), true);

  // Full beat: the whole song replaces the audio and the structure.
  const before = await structureOf(player);
  let started = Date.now();
  await page.getByRole('button', { name: 'Make Full Beat' }).click();
  await panel.waitFor();
  await shot('generator-05-full-beat-generating');
  await panel.waitFor({ state: 'detached', timeout: 300_000 });
  await assertNoError(alerts);
  figures['full beat (ms)'] = Date.now() - started;
  await play.waitFor();
  const full = await structureOf(player);
  assert.ok(full.length > before.length, `the full beat is longer: ${before.join('')} -> ${full.join('')}`);
  await page.waitForFunction(() => document.querySelector('article.beat-player')?.dataset.ready === 'true', null, { timeout: 60_000 });
  await shot('generator-06-full-beat');
  await axe.check(page, 'generator-06-full-beat');

  // 7. One edit of each mode; each gives new audio.
  const edits = [
    { mode: 'swap', menu: 'Change Drums', from: ['Verse'] },
    { mode: 'remove', menu: 'Remove Drums', from: ['Chorus'] },
    // The same drum in a verse, then in a chorus: the chorus takes it from the verse.
    { mode: 'global', menu: 'Set Global Drums', from: ['Verse', 'Chorus'] },
  ];
  for (const edit of edits) {
    const audioBefore = (await media()).at(-1).src;
    await page.getByRole('button', { name: 'Edit Beat Sections' }).click();
    await page.getByRole('menuitem', { name: edit.menu }).click();
    const editor = page.getByRole('region', { name: edit.menu });
    await editor.waitFor();
    const cards = edit.from.map((section) => editor.getByRole('group').filter({ has: page.locator('legend', { hasText: new RegExp(`^${section} `) }) }).first());
    const drum = await firstDrumInAll(cards);
    for (const card of cards) await card.getByRole('button', { name: new RegExp(`^${drum} in `) }).click();
    assert.equal(await editor.locator('[aria-pressed=true]').count(), edit.mode === 'global' ? 1 : cards.length, `${edit.mode}: the choices`);
    await shot(`generator-07-editor-${edit.mode}`);
    await axe.check(page, `generator-07-editor-${edit.mode}`);
    started = Date.now();
    await editor.getByRole('button', { name: 'Apply Changes' }).click();
    await editor.waitFor({ state: 'detached' });
    await panel.waitFor({ state: 'detached', timeout: 300_000 });
    await assertNoError(alerts);
    figures[`edit ${edit.mode} (ms)`] = Date.now() - started;
    await page.waitForFunction((src) => window.__media.length > 0 && (window.__media.at(-1).currentSrc || window.__media.at(-1).src) !== src, audioBefore);
    await page.waitForFunction(() => document.querySelector('article.beat-player')?.dataset.ready === 'true', null, { timeout: 60_000 });
  }
  await shot('generator-08-edited');
  await axe.check(page, 'generator-08-edited');

  // 8. My Account lists them all, newest first; a row opens its beat on the generator.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  // Generated Beats' table (My Account has others: the money-back guarantee lists the plan payments).
  const table = page.getByRole('region', { name: 'Generated Beats', exact: true }).getByRole('table');
  await table.waitFor({ timeout: 30_000 });
  const headers = await table.getByRole('columnheader').allTextContents();
  assert.deepEqual(headers, ['Search Query', 'Date Created', 'Producers', 'Actions']);
  const rows = table.locator('tbody tr');
  // First beat, full beat and three edits (the list the generator left in the cache was dropped).
  await page.waitForFunction(() => document.querySelectorAll('.generated-beats__table tbody tr').length >= 5, null, { timeout: 30_000 });
  assert.equal(await rows.count(), 5, 'first beat, full beat and three edits');
  assert.equal(await rows.filter({ hasText: 'Full beat' }).count(), 1);
  await shot('generator-09-my-account');
  await axe.check(page, 'generator-09-my-account');
  await rows.filter({ hasText: 'Full beat' }).locator('td').nth(1).click();
  await page.waitForURL(`${webUrl}/`);
  await play.waitFor({ timeout: 30_000 });
  assert.deepEqual(await structureOf(player), full, 'the full beat opened again');
  await page.waitForFunction(() => document.querySelector('article.beat-player')?.dataset.ready === 'true', null, { timeout: 60_000 });
  await shot('generator-10-reopened');
  await axe.check(page, 'generator-10-reopened');
  assert.deepEqual(dialogs, ['You must be logged in to generate a beat.'], 'no other alert');

  // 9. Cancelling drops the account to Free at once: full beat and editing lock again.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByText('Subscription cancelled successfully.').waitFor();
  await page.getByRole('link', { name: PROMPT }).first().click();
  await page.waitForURL((url) => url.pathname === '/');
  await play.waitFor({ timeout: 30_000 });
  assert.equal(await page.getByRole('button', { name: 'Make Full Beat' }).isDisabled(), true, 'Free again: no full beat');
  assert.equal(await page.getByRole('button', { name: /Edit Beat Sections/ }).isDisabled(), true, 'Free again: no editing');
  await shot('generator-11-cancelled-locked');
  await axe.check(page, 'generator-11-cancelled-locked');

  // 10. A row's Regenerate goes to / and makes a new beat from its prompt, for one token; a reload does not repeat it.
  const tokens = async () => Number((await page.getByText(/^Tokens Remaining: \d+$/).textContent()).match(/\d+/)[0]);
  const tokensBefore = await tokens();
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await page.getByRole('button', { name: `Regenerate ${PROMPT} (1 token)` }).first().click();
  await page.waitForURL((url) => url.pathname === '/');
  await panel.waitFor({ timeout: 30_000 });
  await panel.waitFor({ state: 'detached', timeout: 180_000 });
  await assertNoError(alerts);
  await play.waitFor({ timeout: 30_000 });
  assert.equal(await promptBox.inputValue(), PROMPT, 'the regenerated beat keeps the prompt');
  await page.waitForFunction((n) => document.body.textContent.includes(`Tokens Remaining: ${n}`), tokensBefore - 1, { timeout: 30_000 });
  await shot('generator-12-regenerated');
  await axe.check(page, 'generator-12-regenerated');
  await page.reload();
  await page.getByText(/^Tokens Remaining: \d+$/).waitFor();
  await page.waitForTimeout(1_500);
  assert.equal(await panel.count(), 0, 'a reload does not regenerate again');
  assert.equal(await tokens(), tokensBefore - 1, 'one token for one regenerate');
  axe.assertClean();
  return { figures };
}

async function assertNoError(alerts) {
  if (await alerts.count()) assert.fail(`an error was shown: ${await alerts.first().textContent()}`);
}

/** A drum category every card offers (enabled), in the editor's order. */
async function firstDrumInAll(cards) {
  const offered = await Promise.all(cards.map((card) => card.locator('button.drum-toggle:not([disabled])').allTextContents()));
  const drum = offered[0].find((d) => offered.every((list) => list.includes(d)));
  assert.ok(drum, `a drum these sections share: ${JSON.stringify(offered)}`);
  return drum;
}

/** The song sections the player lists. */
async function structureOf(player) {
  return player.locator('.beat-player__section').allTextContents();
}

/** My Account, then the newest beat of a prompt, which opens on the generator. */
async function openFromAccount(page, prompt) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await page.getByRole('link', { name: prompt }).first().click();
  await page.waitForURL((url) => url.pathname === '/');
}

test(name, async ({ app }) => report(await run(app)));
