// Issue 8: the landing, marketing, legal and dataset pages. Every page at 375 px and 1280 px with an
// axe-core check, every link and button followed to its target, a sample beat played, modals,
// tabs and accordions used with mouse and keyboard, the dataset chart selected and its
// contributions toggled. Reports the landing page's JavaScript, gzipped.
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { axeViolations, describeViolation } from '../axe.mjs';
import { SCREENSHOTS } from '../browser.mjs';
import { dataUrl, drumWav, melodyWav } from '../wav.mjs';
import { accessTokenOf, newAccount, registerOnProvider } from '../accounts.mjs';
import { restPoster, signUpAsProducer, subscribeLocally } from '../api.mjs';
import { expect, report, test } from '../fixtures.mjs';

export const name = 'landing, marketing, legal and dataset pages: links, sample beats, modals, tabs, chart, accessibility';

const LANDING_JS_BUDGET = 200 * 1024;

const PAGES = [
  { path: '/welcome', title: /Type a prompt/ },
  { path: '/subscription-features', title: 'Pick the plan that fits how you make music' },
  { path: '/beat-editing', title: 'How Beat Editing Works' },
  { path: '/rights-usage', title: 'Rights and Usage of Music' },
  { path: '/ysm-licenses', title: 'AI System Licenses and Training Information' },
  { path: '/about', title: 'About our team' },
  { path: '/terms-conditions', title: 'Terms and Privacy' },
  { path: '/data-set', title: 'Our Dataset' },
  // The contribute choice is public (requirements §P2): Producer, and two roles that are coming soon.
  { path: '/choice', title: 'How do you want to contribute?' },
  // The API documentation (issue 20).
  { path: '/developers', title: 'Build with the API' },
];
// Requirements §P2's six footer links in its order, then the API documentation (issue 20).
const FOOTER_TARGETS = ['/subscription-features', '/beat-editing', '/rights-usage', '/ysm-licenses', '/terms-conditions', '/about', '/developers', '/contact'];

export async function run({ browser, webUrl, apiUrl }) {
  const { page, shot } = browser;
  const violations = [];
  const figures = {};

  // A modal is fixed to the viewport: screenshot what the visitor sees, not the whole page.
  const viewShot = async (file) => {
    await page.waitForTimeout(300); // the modal's fade-in
    await page.screenshot({ path: join(SCREENSHOTS, `${file}.png`) });
  };
  const heading = (title) => page.getByRole('heading', { level: 1, name: title });
  const open = async (path, title) => {
    await page.goto(`${webUrl}${path}`);
    await heading(title).waitFor({ timeout: 15_000 });
  };
  const at = (path) => page.waitForURL((url) => `${url.pathname}${url.search}` === path, { timeout: 10_000 });
  // The shared axe-core check (e2e/axe.mjs); its findings join the layout problems reported at the end.
  const axe = async (label) => {
    for (const v of await axeViolations(page)) violations.push(describeViolation(label, v));
  };

  // 1. The landing page's JavaScript, as a first visit downloads it.
  const scripts = new Map();
  const onResponse = async (response) => {
    const url = response.url();
    if (url.startsWith(webUrl) && url.endsWith('.js')) scripts.set(url, await response.body().catch(() => Buffer.alloc(0)));
  };
  page.on('response', onResponse);
  await page.goto(`${webUrl}/welcome`);
  await heading(/Type a prompt/).waitFor();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const gzipped = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body).length, 0);
  figures['landing page JavaScript, gzipped (KB)'] = (gzipped / 1024).toFixed(1);
  figures['landing page JavaScript files'] = scripts.size;
  assert.ok(![...scripts.keys()].some((url) => /DatasetPage|recharts/i.test(url)), 'the chart library is not loaded on /welcome');
  assert.ok(gzipped <= LANDING_JS_BUDGET, `the landing page loads ${(gzipped / 1024).toFixed(1)} KB of gzipped JavaScript`);

  // 2. Every page at both widths: its title, the footer (on the pages with a header), axe, screenshots.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    for (const { path, title } of PAGES) {
      await open(path, title);
      if (path !== '/welcome') {
        assert.equal(await page.getByRole('banner').count(), 1, `${path} has the header`);
        const footer = page.getByRole('contentinfo');
        const hrefs = await footer.getByRole('navigation', { name: 'Footer' }).getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
        assert.deepEqual(hrefs.slice(0, FOOTER_TARGETS.length), FOOTER_TARGETS, `${path}: the footer's links`);
        assert.match(hrefs[FOOTER_TARGETS.length], /^mailto:/, `${path}: the contact link`);
        assert.equal(await footer.getByText(`© ${new Date().getFullYear()}`, { exact: false }).count(), 1);
      } else {
        assert.equal(await page.getByRole('banner').count(), 0, '/welcome has no header');
      }
      await shot(`marketing-${path.slice(1).replace(/\W+/g, '-')}-${width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) violations.push(`${path} @${width}: the page is ${overflow} px wider than the screen`);
      await axe(`${path} @${width}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // 3. The landing page's links and buttons, signed out.
  const welcomeLinks = [
    ['View Plans & Pricing', '/subscription-features'],
    ['Get Started Now', '/subscription-features'],
    ['View Plan Comparison', '/subscription-features'],
    ['Join Creator Program', '/choice'],
    ['See which genres need sounds', '/data-set'],
  ];
  for (const [label, target] of welcomeLinks) {
    await open('/welcome', /Type a prompt/);
    await page.getByRole('link', { name: label, exact: true }).click();
    await at(target);
  }
  for (const [index, target] of FOOTER_TARGETS.entries()) {
    await open('/welcome', /Type a prompt/);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link').nth(index).click();
    await at(target);
  }
  for (const label of ['Start Creating Now - FREE', 'Try Free Demo', 'Generate Your Own Beats']) {
    await open('/welcome', /Type a prompt/);
    await page.getByRole('button', { name: label }).click();
    await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  }

  // 4. Sign up (the start action's sign-in page), which also gives a producer for the catalogue.
  await registerOnProvider(page, webUrl, newAccount('mk'));
  const token = await accessTokenOf(page);

  // Signed in, the start actions go to the generator.
  for (const label of ['Start Creating Now - FREE', 'Try Free Demo', 'Generate Your Own Beats']) {
    await open('/welcome', /Type a prompt/);
    await page.getByRole('button', { name: label }).click();
    await at('/');
  }

  // 5. A catalogue for the sample beats and the chart, when the install has none yet.
  const query = async (text) => {
    const response = await fetch(`${apiUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: text }) });
    const body = await response.json();
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return body.data;
  };
  const { datasetGenres } = await query('{ datasetGenres { totalSamples } }');
  if (datasetGenres.totalSamples === 0) {
    const seeded = Date.now();
    await uploadCatalogue(apiUrl, token);
    figures['catalogue uploaded (ms)'] = Date.now() - seeded;
  }
  const rendering = Date.now();
  let sampleBeats = [];
  await expect
    .poll(async () => ({ sampleBeats } = await query('{ sampleBeats { id title audioUrl } }')).sampleBeats.length, {
      message: 'four sample beats are rendered from the catalogue',
      timeout: 180_000,
      intervals: [1_000],
    })
    .toBe(4);
  figures['sample beats ready after (ms)'] = Date.now() - rendering;

  // 6. The sample beats play, one at a time.
  await open('/welcome', /Type a prompt/);
  const [first, second] = sampleBeats;
  await page.getByRole('button', { name: `Play ${first.title}` }).click();
  await page.getByRole('button', { name: `Pause ${first.title}` }).waitFor();
  await page.locator('.sample-beat.is-playing .sample-beat__wave .is-played').first().waitFor({ timeout: 10_000 });
  await shot('marketing-welcome-playing-1280');
  await page.getByRole('button', { name: `Play ${second.title}` }).click();
  await page.getByRole('button', { name: `Pause ${second.title}` }).waitFor();
  await page.getByRole('button', { name: `Play ${first.title}` }).waitFor();
  assert.equal(await page.locator('.sample-beat.is-playing').count(), 1, 'only one sample beat plays');
  assert.equal(await page.getByText('Error playing audio. Please try again.').count(), 0);
  await page.getByRole('button', { name: `Pause ${second.title}` }).click();
  await page.getByRole('button', { name: `Play ${second.title}` }).waitFor();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('heading', { name: 'Beats made from four prompts' }).scrollIntoViewIfNeeded();
  await axe('/welcome with sample beats @375');
  await shot('marketing-welcome-beats-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await axe('/welcome with sample beats @1280');

  // 7. /subscription-features: plan buttons, the FAQ accordion (mouse and keyboard), Get Started.
  for (const planName of ['Free', 'Early Access Premium', 'Premium', 'Enterprise']) {
    await open('/subscription-features', 'Pick the plan that fits how you make music');
    await page.getByRole('link', { name: `Choose ${planName}`, exact: true }).click();
    await at('/subscriptions');
  }
  await open('/subscription-features', 'Pick the plan that fits how you make music');
  await page.locator('.plan-card--recommended').getByText(/sign up before June 1st/).waitFor();
  assert.equal(await page.getByText(/March 1st/).count(), 0, 'one Early Access end date');
  const faq = page.getByRole('button', { name: 'How long is the Early Access price available?' });
  await faq.click();
  assert.equal(await faq.getAttribute('aria-expanded'), 'true');
  await page.getByRole('region', { name: 'How long is the Early Access price available?' }).getByText(/June 1st/).waitFor();
  await faq.press('ArrowDown');
  const next = page.getByRole('button', { name: 'Can I change or cancel my plan?' });
  assert.equal(await next.evaluate((el) => el === document.activeElement), true, 'Arrow Down moves to the next question');
  await next.press('Enter');
  assert.equal(await next.getAttribute('aria-expanded'), 'true');
  assert.equal(await faq.getAttribute('aria-expanded'), 'false', 'one answer open at a time');
  await page.keyboard.press('Escape');
  assert.equal(await next.getAttribute('aria-expanded'), 'false', 'Escape closes the answer');
  assert.equal(await next.evaluate((el) => el === document.activeElement), true, 'focus goes back to the question');
  await faq.click();
  await axe('/subscription-features with an open answer');
  await shot('marketing-subscription-features-faq-1280');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await at('/');

  // 8. /about: each leader's More Details modal, closed by Close and by Escape, focus returning.
  await open('/about', 'About our team');
  const details = page.getByRole('button', { name: /^More Details/ });
  assert.equal(await details.count(), 2);
  for (const [index, closeWith] of [[0, 'button'], [1, 'escape']]) {
    await details.nth(index).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.equal(await dialog.evaluate((el) => el.contains(document.activeElement)), true, 'focus moves into the modal');
    if (index === 0) {
      await axe('/about with a modal');
      await viewShot('marketing-about-modal-1280');
    }
    if (closeWith === 'button') await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    else await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await details.nth(index).evaluate((el) => el === document.activeElement), true, 'focus returns to More Details');
  }
  await page.setViewportSize({ width: 375, height: 812 });
  await details.first().click();
  await page.getByRole('dialog').waitFor();
  await viewShot('marketing-about-modal-375');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  // 9. /terms-conditions: the tabs, by click and by keyboard.
  await open('/terms-conditions', 'Terms and Privacy');
  const termsTab = page.getByRole('tab', { name: 'Terms & Conditions' });
  const privacyTab = page.getByRole('tab', { name: 'Privacy Policy' });
  assert.equal(await termsTab.getAttribute('aria-selected'), 'true', 'Terms & Conditions is the default tab');
  await privacyTab.click();
  await at('/terms-conditions?tab=privacy');
  await page.getByRole('tabpanel', { name: 'Privacy Policy' }).getByText('What we collect').waitFor();
  await axe('/terms-conditions privacy tab');
  await shot('marketing-terms-privacy-1280');
  await privacyTab.press('ArrowLeft');
  await at('/terms-conditions');
  assert.equal(await termsTab.evaluate((el) => el === document.activeElement), true);

  // 10. The links inside the information pages.
  const innerLinks = [
    ['/ysm-licenses', 'AI System Licenses and Training Information', 'Privacy Policy', '/terms-conditions?tab=privacy'],
    ['/rights-usage', 'Rights and Usage of Music', 'Licenses & Training', '/ysm-licenses'],
    ['/rights-usage', 'Rights and Usage of Music', 'Terms & Privacy', '/terms-conditions'],
    ['/beat-editing', 'How Beat Editing Works', 'Compare plans', '/subscription-features'],
    ['/beat-editing', 'How Beat Editing Works', 'Licensing your beat', '/rights-usage'],
    ['/subscription-features', 'Pick the plan that fits how you make music', 'How Beat Editing Works', '/beat-editing'],
  ];
  for (const [path, title, label, target] of innerLinks) {
    await open(path, title);
    if (label === 'How Beat Editing Works') await page.getByRole('button', { name: 'Which plans include full beats and editing?' }).click();
    await page.getByRole('main').getByRole('link', { name: label, exact: true }).click();
    await at(target);
  }

  // 11. /data-set: a slice, a legend item, the tooltip, the contributions, Back to Home.
  await open('/data-set', 'Our Dataset');
  const slice = page.locator('path.recharts-sector').first();
  await slice.waitFor();
  // A donut slice's bounding-box centre can be outside it: aim at a point of its fill.
  const point = await slice.evaluate((path) => {
    const box = path.getBBox();
    const matrix = path.getScreenCTM();
    for (let fy = 0.1; fy < 1; fy += 0.1) {
      for (let fx = 0.1; fx < 1; fx += 0.1) {
        const x = box.x + box.width * fx;
        const y = box.y + box.height * fy;
        if (path.isPointInFill(new DOMPoint(x, y))) {
          const p = new DOMPoint(x, y).matrixTransform(matrix);
          return { x: p.x, y: p.y };
        }
      }
    }
    return null;
  });
  assert.ok(point, 'the first slice has a visible area');
  await page.mouse.move(point.x, point.y);
  const tooltip = page.locator('.genre-pie__tooltip');
  await tooltip.waitFor();
  assert.match(await tooltip.textContent(), /^.+: \d+(\.\d+)?%$/, 'the tooltip reads "name: value%"');
  await page.mouse.click(point.x, point.y);
  const detail = page.locator('.genre-detail');
  await detail.getByRole('heading', { level: 2 }).waitFor();
  const selected = await detail.getByRole('heading', { level: 2 }).textContent();
  assert.match(await detail.locator('.genre-detail__share').textContent(), /^\d+\.\d{2}%$/, 'the share has two decimals');
  assert.ok((await tooltip.textContent()).startsWith(`${selected}: `), 'the clicked slice is the genre shown');
  assert.equal(await detail.locator('.genre-detail__artists li').count(), 3);
  await shot('marketing-data-set-selected-1280');
  await page.getByRole('list', { name: 'Genres' }).getByRole('button', { name: /^Phonk/ }).click();
  await detail.getByRole('heading', { level: 2, name: 'Phonk' }).waitFor();
  const toggle = page.getByRole('button', { name: 'Show Contributions' });
  await toggle.click();
  await page.getByRole('heading', { name: 'Genres Needing Contributions' }).waitFor();
  const shares = await page.locator('.contribution-card__share').allTextContents();
  const values = shares.map((s) => Number.parseFloat(s));
  assert.ok(values.length > 0 && values.every((v) => v < 7), 'only genres under 7% need contributions');
  assert.deepEqual(values, [...values].sort((a, b) => b - a), 'sorted by share, largest first');
  await page.locator('.contribution-card .accordion__header').first().click();
  await page.locator('.contribution-card.is-open .contribution-card__style').waitFor();
  await axe('/data-set with contributions');
  await shot('marketing-data-set-contributions-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot('marketing-data-set-contributions-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Hide Contributions' }).click();
  await page.getByRole('heading', { name: 'Genres Needing Contributions' }).waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await at('/');

  assert.deepEqual(violations, [], `layout or axe-core (serious, critical) problems:\n${violations.join('\n')}`);
  figures['pages checked with axe-core'] = PAGES.length * 2 + 7;
  return { figures };
}

/** Uploads a small catalogue of synthesised loops in several genres through the REST paths. */
async function uploadCatalogue(apiUrl, token) {
  const post = restPoster(apiUrl, token);
  await signUpAsProducer(apiUrl, token, `E2E catalogue ${Date.now()}`);
  await subscribeLocally(apiUrl, token);
  const melodies = [
    { genre: 'Trap', artist: 'Future', key: 'A', mode: 'Minor', bpm: 140, stems: 2 },
    { genre: 'Lo-Fi', artist: 'Nujabes', key: 'D', mode: 'Minor', bpm: 84, stems: 2 },
    { genre: 'R&B', artist: 'Bryson Tiller', key: 'E', mode: 'Major', bpm: 96, stems: 2 },
    { genre: 'Boom Bap', artist: 'Nas', key: 'C', mode: 'Minor', bpm: 90, stems: 1 },
    { genre: 'Drill', artist: 'Pop Smoke', key: 'F#', mode: 'Minor', bpm: 142, stems: 1 },
    { genre: 'Gospel', artist: 'Kirk Franklin', key: 'G', mode: 'Major', bpm: 100, stems: 1 },
  ];
  for (const m of melodies) {
    await post('/uploadingmelsamples', {
      artists: [m.artist], instruments: ['Keys'], genres: [m.genre], moods: ['Dark'], tempo_style: ['steady'],
      bpm: m.bpm, key: m.key, mode: m.mode,
      files: Array.from({ length: m.stems }, (_, i) => ({ name: `${m.genre}-${i + 1}.wav`, data: dataUrl(melodyWav({ ...m, voice: i + 1 })) })),
    });
  }
  const drums = [
    { genre: 'Trap', bpm: 140, types: ['Kicks', 'Snares', 'Hihats', '808s'] },
    { genre: 'Lo-Fi', bpm: 84, types: ['Kicks', 'Snares', 'Hihats'] },
    { genre: 'Boom Bap', bpm: 90, types: ['Kicks', 'Snares'] },
    { genre: 'R&B', bpm: 96, types: ['Kicks'] },
    { genre: 'Drill', bpm: 142, types: ['Hihats'] },
    { genre: 'Phonk', bpm: 130, types: ['Kicks'] },
  ];
  for (const d of drums) {
    await post('/uploadingdrumsamples', {
      entries: d.types.map((type) => ({
        file: { name: `${d.genre}-${type}.wav`, data: dataUrl(drumWav({ type, bpm: d.bpm })) },
        drumType: type, genres: [d.genre], artists: ['Anyone'], moods: ['Dark'], tempoStyle: ['steady'], bpm: d.bpm,
        ...(type === '808s' ? { key: 'F', mode: 'Minor' } : {}),
      })),
    });
  }
}

test(name, async ({ app }) => report(await run(app)));
