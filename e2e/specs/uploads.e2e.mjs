// Issue 4: upload a melody (two stems) through /upload-samples and a drum set (a kick and an 808)
// through /upload-drums, dropped anywhere on the page; the rows reach the catalogue. Non-WAV files
// are refused with the spec's text.
import assert from 'node:assert/strict';
import { drumWav, melodyWav } from '../wav.mjs';
import { newAccount, registerOnProvider } from '../accounts.mjs';
import { becomeProducer, subscribeToPremium } from '../producers.mjs';
import { createAxeChecker } from '../axe.mjs';
import { report, test } from '../fixtures.mjs';

export const name = 'upload a melody and a drum set through the pages';

/** Per-genre sample counts of the public Our Dataset query: the catalogue as the api sees it. */
async function genreSamples(apiUrl) {
  const response = await fetch(`${apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ datasetGenres { totalSamples genres { name samples } } }' }),
  });
  const { data } = await response.json();
  return { total: data.datasetGenres.totalSamples, ...Object.fromEntries(data.datasetGenres.genres.map((g) => [g.name, g.samples])) };
}

/** The next GraphQL multipart answer of one upload mutation, parsed. */
function uploadAnswer(page, apiUrl, field) {
  return page
    .waitForResponse((r) => r.url() === `${apiUrl}/graphql` && r.request().method() === 'POST' && (r.request().headers()['content-type'] ?? '').startsWith('multipart/form-data'), { timeout: 120_000 })
    .then(async (r) => {
      const body = await r.json();
      assert.equal(body.errors, undefined, JSON.stringify(body.errors));
      return body.data[field];
    });
}

export async function run({ browser, webUrl, apiUrl }) {
  // axe-core on every screen below: serious and critical violations fail the spec at its end.
  const axe = createAxeChecker();
  const { page } = browser;
  // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
  const shot = async (label) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await browser.shot(label);
  };
  const user = newAccount('up');
  const suffix = user.username.slice('up_'.length);
  const submit = () => page.locator('form.melody-form button[type=submit]');

  // The upload pages are protected: signed out, /upload-samples lands on /welcome.
  await page.goto(`${webUrl}/upload-samples`);
  await page.waitForURL(/\/welcome/);
  await page.getByRole('button', { name: 'Start Creating Now - FREE' }).first().click();
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  await registerOnProvider(page, webUrl, user);
  await page.getByText('Tokens Remaining: 25').waitFor();
  // Only producers upload: a listener is told so on the page, then signs up as one.
  await page.goto(`${webUrl}/upload-samples`);
  await page.getByRole('link', { name: 'Become a Producer' }).waitFor();
  await becomeProducer(page, webUrl, apiUrl, user);

  // Uploads that earn need Premium (the plan table, issue 30): a Free producer is told so, and upgrades.
  await page.goto(`${webUrl}/upload-samples`);
  await page.getByRole('heading', { name: 'Uploads need Premium' }).waitFor();
  await page.getByText(/^Uploading samples to earn from them needs Premium or a higher plan\./).waitFor();
  assert.equal(await submit().count(), 0, 'no upload form below Premium');
  await shot('uploads-00-needs-premium');
  await page.getByRole('link', { name: 'See Plans' }).click();
  await page.waitForURL(/\/subscriptions$/);
  await subscribeToPremium(page, webUrl, apiUrl);

  // ---- Upload Melody Samples ----
  await page.goto(`${webUrl}/upload-samples`);
  await page.getByRole('heading', { name: 'Upload Melody Samples' }).waitFor();
  await page.getByRole('heading', { name: 'Upload Guidelines' }).waitFor();
  assert.equal(await submit().textContent(), 'Select Files to Upload');
  assert.ok(await submit().isDisabled());
  await shot('uploads-01-melody-empty');
  await axe.check(page, 'uploads-01-melody-empty');

  await page.getByRole('button', { name: 'How to Upload' }).click();
  await page.getByRole('dialog', { name: 'How to Upload Melody Samples' }).waitFor();
  await shot('uploads-02-melody-help');
  await axe.check(page, 'uploads-02-melody-help');
  await page.getByRole('button', { name: 'Got it' }).click();

  await page.getByRole('button', { name: 'Dismiss guidelines' }).click();
  assert.equal(await page.getByRole('heading', { name: 'Upload Guidelines' }).count(), 0);
  await page.getByRole('button', { name: 'Metadata Help' }).click();
  await page.getByRole('button', { name: 'About Artists' }).click();
  await page.getByText('Examples:').first().waitFor();
  await shot('uploads-03-melody-metadata-help');
  await axe.check(page, 'uploads-03-melody-metadata-help');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Metadata Help' }).click();

  // Refusal: one file that is not WAV rejects the batch.
  const stems = [
    { name: `e2e-keys-${suffix}.wav`, mimeType: 'audio/wav', buffer: melodyWav({ key: 'A', mode: 'Minor', bpm: 90 }) },
    { name: `e2e-bells-${suffix}.wav`, mimeType: 'audio/wav', buffer: melodyWav({ key: 'A', mode: 'Minor', bpm: 90, voice: 2 }) },
  ];
  await page.getByLabel('Select WAV files').setInputFiles([stems[0], { name: 'demo.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('ID3 not a wav') }]);
  await page.getByText('Only WAV files are allowed.').waitFor();
  assert.equal(await page.getByRole('list', { name: 'Selected files' }).count(), 0, 'nothing of the refused batch is listed');
  await shot('uploads-04-melody-not-wav');
  await axe.check(page, 'uploads-04-melody-not-wav');

  await page.getByLabel('Select WAV files').setInputFiles(stems);
  await page.getByRole('list', { name: 'Selected files' }).waitFor();
  assert.equal(await page.getByText('Only WAV files are allowed.').count(), 0);
  assert.equal(await submit().textContent(), 'Add Artists');

  // Tags: Enter or comma adds; the label names the next missing item each time.
  const steps = [
    ['Artists', 'E2E Artist\n', 'Add Instruments'],
    ['Instruments', 'piano, bells,', 'Add Genres'],
    ['Genres', 'Gospel\n', 'Add Moods'],
    ['Moods', 'uplifting,', 'Add Tempo Style'],
    ['Tempo Style', 'laid-back\n', 'Add BPM'],
  ];
  for (const [field, typed, next] of steps) {
    const box = page.getByLabel(field, { exact: true });
    for (const part of typed.split(/(\n)/).filter(Boolean)) {
      if (part === '\n') await box.press('Enter');
      else await box.pressSequentially(part);
    }
    assert.equal(await submit().textContent(), next, `after ${field}`);
  }
  assert.equal(await page.getByRole('button', { name: 'Remove bells' }).count(), 1, 'a comma adds a tag');
  await page.getByLabel('BPM', { exact: true }).pressSequentially('9x0');
  assert.equal(await page.getByLabel('BPM', { exact: true }).inputValue(), '90', 'digits only');
  assert.equal(await submit().textContent(), 'Select Key');
  await page.getByRole('combobox', { name: 'Key' }).selectOption('A');
  assert.equal(await submit().textContent(), 'Select Mode');
  await page.getByRole('combobox', { name: 'Mode' }).selectOption('Minor');
  assert.equal(await submit().textContent(), 'Upload Samples');

  // One preview at a time.
  await page.getByRole('button', { name: `Play ${stems[0].name}` }).click();
  await page.getByRole('button', { name: `Pause ${stems[0].name}` }).waitFor();
  await page.getByRole('button', { name: `Play ${stems[1].name}` }).click();
  await page.getByRole('button', { name: `Pause ${stems[1].name}` }).waitFor();
  await page.getByRole('button', { name: `Play ${stems[0].name}` }).waitFor();
  await shot('uploads-05-melody-filled-previewing');
  await axe.check(page, 'uploads-05-melody-filled-previewing');
  await page.getByRole('button', { name: `Pause ${stems[1].name}` }).click();

  // The uploading modal blocks the page; the upload is held until its message has turned over
  // (a fixed hold raced a slow screenshot: the modal could close before the test looked).
  const before = await genreSamples(apiUrl);
  let holdUploads = true;
  let releaseUpload;
  const uploadReleased = new Promise((resolve) => (releaseUpload = resolve));
  await page.route(`${apiUrl}/graphql`, async (route) => {
    const multipart = (route.request().headers()['content-type'] ?? '').startsWith('multipart/form-data');
    if (multipart && holdUploads) await uploadReleased;
    await route.continue();
  });
  const melodyAnswer = uploadAnswer(page, apiUrl, 'uploadMelodySamples');
  await submit().click();
  const uploadingDialog = page.getByRole('dialog', { name: 'Uploading in Progress' });
  await uploadingDialog.getByText('Please wait while your files are being uploaded...').waitFor();
  await uploadingDialog.getByText('Hold tight...').waitFor();
  await shot('uploads-06-melody-uploading');
  await axe.check(page, 'uploads-06-melody-uploading');
  // The messages cycle (5 every 3 s): within 20 s it shows, whatever the screenshot cost.
  await uploadingDialog.getByText('Checking your music files...').waitFor({ timeout: 20_000 });
  releaseUpload();
  const melody = await melodyAnswer;
  await page.getByText('Files uploaded successfully!').waitFor({ timeout: 120_000 });
  assert.equal(await uploadingDialog.count(), 0, 'the modal closes');
  assert.equal(await submit().textContent(), 'Select Files to Upload', 'the form starts again');
  await shot('uploads-07-melody-uploaded');
  await axe.check(page, 'uploads-07-melody-uploaded');
  assert.equal(melody.composition.bpm, 90);
  const afterMelody = await genreSamples(apiUrl);
  assert.equal(afterMelody.Gospel - before.Gospel, 2, 'both stems are in the catalogue, tagged Gospel');

  // ---- Drum Sample Upload ----
  holdUploads = false;
  await page.goto(`${webUrl}/upload-drums`);
  await page.getByRole('heading', { name: 'Drum Sample Upload' }).waitFor();
  await page.getByRole('button', { name: '+ Add Row' }).waitFor();
  assert.ok(await page.getByRole('button', { name: 'Upload Drum Samples' }).isDisabled());
  await shot('uploads-08-drums-empty');
  await axe.check(page, 'uploads-08-drums-empty');

  await page.getByRole('button', { name: 'Upload Guide' }).click();
  await page.getByRole('dialog', { name: 'How to Upload Drum Samples' }).waitFor();
  await shot('uploads-09-drums-guide');
  await axe.check(page, 'uploads-09-drums-guide');
  await page.getByRole('button', { name: 'Got it' }).click();

  // Files dragged anywhere over the page show the overlay, which takes the drop.
  const kickName = `Kick_E2E_140bpm.wav`;
  const bassName = `808_E2E_Fmin_140.wav`;
  const drumFiles = [
    { name: kickName, b64: drumWav({ type: 'Kicks', bpm: 140 }).toString('base64') },
    { name: bassName, b64: drumWav({ type: '808s', bpm: 140, key: 'F' }).toString('base64') },
  ];
  const dataTransfer = await page.evaluateHandle((files) => {
    const transfer = new DataTransfer();
    for (const { name, b64 } of files) {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], name, { type: 'audio/wav' }));
    }
    return transfer;
  }, drumFiles);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer });
  await page.getByText('Drop Files Anywhere', { exact: true }).waitFor();
  await shot('uploads-10-drums-drop-overlay');
  await page.dispatchEvent('[data-testid=page-drop-overlay]', 'drop', { dataTransfer });
  const row = (n) => page.getByRole('row', { name: `Row ${n}` });
  await row(2).waitFor();
  assert.equal(await page.getByText('Drop Files Anywhere', { exact: true }).count(), 0);

  // The names filled in type, BPM and the 808's key and mode; key/mode only for the 808.
  assert.equal(await row(1).getByRole('combobox', { name: 'Row 1 type' }).inputValue(), 'Kicks');
  assert.equal(await row(1).getByLabel('Row 1 BPM').inputValue(), '140');
  assert.equal(await row(1).getByText('N/A').count(), 1);
  assert.equal(await row(2).getByRole('combobox', { name: 'Row 2 type' }).inputValue(), '808s');
  assert.equal(await row(2).getByRole('combobox', { name: 'Row 2 key' }).inputValue(), 'F');
  assert.equal(await row(2).getByRole('combobox', { name: 'Row 2 mode' }).inputValue(), 'Minor');

  // A non-WAV file picked for a row is refused too.
  await row(1).getByLabel('Row 1 file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.getByText('Only WAV files are allowed.').waitFor();
  assert.ok(await row(1).getByText(kickName).isVisible(), 'the row keeps its file');

  for (const [column, tag] of [['Genres', 'Phonk'], ['Artists', 'E2E Drummer'], ['Style', 'hard'], ['Tempo Style', 'bouncy']]) {
    await row(1).getByLabel(`Row 1 ${column}`).fill(tag);
    await row(1).getByLabel(`Row 1 ${column}`).press('Enter');
  }
  await row(1).getByText('Ready').waitFor();
  await row(2).getByRole('button', { name: 'Copy From' }).click();
  await shot('uploads-11-drums-copy-from');
  await axe.check(page, 'uploads-11-drums-copy-from');
  await row(2).getByRole('group', { name: 'From Row 1' }).getByRole('button', { name: 'All metadata' }).click();
  await row(2).getByText('Ready').waitFor();
  assert.equal(await row(2).getByRole('button', { name: 'Remove Phonk' }).count(), 1, 'the tags were copied');

  // One preview at a time here too.
  await row(1).getByRole('button', { name: `Play ${kickName}` }).click();
  await row(1).getByRole('button', { name: `Pause ${kickName}` }).waitFor();
  await row(2).getByRole('button', { name: `Play ${bassName}` }).click();
  await row(1).getByRole('button', { name: `Play ${kickName}` }).waitFor();
  await shot('uploads-12-drums-ready');
  await axe.check(page, 'uploads-12-drums-ready');
  await row(2).getByRole('button', { name: `Pause ${bassName}` }).click();

  await page.setViewportSize({ width: 375, height: 800 });
  await shot('uploads-13-drums-ready-375');
  await axe.check(page, 'uploads-13-drums-ready-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  const drumAnswer = uploadAnswer(page, apiUrl, 'uploadDrumSamples');
  await page.getByRole('button', { name: 'Upload Drum Samples' }).click();
  const drums = await drumAnswer;
  await page.getByText('Drum samples uploaded successfully!').waitFor({ timeout: 120_000 });
  await shot('uploads-14-drums-uploaded');
  await axe.check(page, 'uploads-14-drums-uploaded');
  assert.equal(await page.getByRole('row', { name: /^Row \d+$/ }).count(), 1, 'the table starts again with one empty row');
  assert.equal(await row(1).getByText('Choose WAV').count(), 1);
  const byName = Object.fromEntries(drums.drumLoops.map((d) => [d.fileName, d]));
  assert.deepEqual([byName[kickName].drumType, byName[kickName].key, byName[kickName].mode], ['Kicks', null, null]);
  assert.deepEqual([byName[bassName].drumType, byName[bassName].key, byName[bassName].mode], ['808s', 'F', 'Minor']);
  const afterDrums = await genreSamples(apiUrl);
  assert.equal(afterDrums.Phonk - afterMelody.Phonk, 2, 'both drum loops are in the catalogue, tagged Phonk');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${webUrl}/upload-samples`);
  await page.getByRole('heading', { name: 'Upload Melody Samples' }).waitFor();
  await shot('uploads-15-melody-375');
  await axe.check(page, 'uploads-15-melody-375');
  axe.assertClean();
  return { figures: { 'catalogue samples before/after': `${before.total}/${afterDrums.total}` } };
}

test(name, async ({ app }) => report(await run(app)));
