// A catalogue for browser specs that generate: the demo library a fresh install stores in the
// background. (Uploading loops of our own when it came late needed the spec's listener to be a
// producer on Premium, which changes what the spec sees; a fresh install's library is what a
// listener meets, so the specs wait for it, longer on a loaded machine.)
import assert from 'node:assert/strict';

/** How long a fresh install may take to store its demo library (CI's loaded 2-core machine included). */
const DEMO_LIBRARY_WAIT_MS = 600_000;

/** Waits for the demo library; fails, saying so, if none arrives in time. */
export async function ensureCatalogue(apiUrl, _token, since) {
  const samples = async () => {
    const response = await fetch(`${apiUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ datasetGenres { totalSamples } }' }),
    });
    const body = await response.json();
    assert.equal(body.errors, undefined, JSON.stringify(body.errors));
    return body.data.datasetGenres.totalSamples;
  };
  while (Date.now() - since < DEMO_LIBRARY_WAIT_MS) {
    if ((await samples()) > 0) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  assert.fail(`No demo library in the catalogue ${DEMO_LIBRARY_WAIT_MS / 1000} s after the api answered.`);
}
