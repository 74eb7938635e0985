import { startTestApp, type TestApp } from '../support/test-app';
import { rest } from '../support/producers';
import type { LicenceDocument } from '../../src/modules/licence-files/licence-files.types';
import { RecordingLicenceFiles, RecordingOutbox, buyer, filesReady, ownedBeat, pricedProducer, receiptQueued, sql } from './licence-world';

/** The files module failing once (a render that crashed): the licence waits, and is completed later. */
class FailingOnceFiles extends RecordingLicenceFiles {
  failures = 1;

  override async prepare(document: LicenceDocument) {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('render failed');
    }
    return super.prepare(document);
  }
}

let test: TestApp;
const files = new FailingOnceFiles();
const outbox = new RecordingOutbox();

beforeAll(async () => {
  test = await startTestApp({}, { licenceFiles: files, mailOutbox: outbox });
  files.blobs = test.app.blobs;
});
afterAll(async () => {
  await test?.close();
});

it('a licence whose files failed keeps waiting without a receipt, and its follow-up completes it once', async () => {
  const owner = await buyer(test, 'patient');
  const producer = await pricedProducer(test, 'loops', { price_standard: 25, price_advanced: 60, price_exclabel: 900, price_excindie: 450 });
  const beatId = await ownedBeat(test, owner.id, [{ producerId: producer.id, name: producer.producerName, percent: 100 }]);
  const { body } = await rest(test, 'POST', '/create-checkout-session', owner.accessToken, { beat_id: beatId, lease_option_id: 'standard', first_name: 'Ada', last_name: 'Lovelace', country: 'United Kingdom' });
  const paid = await fetch(`${test.url}/local-licence-checkout/${body.id as string}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const [licence] = await sql<{ id: string; files: unknown }>(test, 'select id, files from licences where beat_id = ?', [beatId]);
  // The failed attempt leaves no files and sends no receipt.
  for (let i = 0; i < 100 && files.failures > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(files.failures).toBe(0);
  expect((await sql<{ files: unknown }>(test, 'select files from licences where id = ?', [licence.id]))[0].files).toBeNull();
  expect(outbox.mails.has(`licence-receipt:${licence.id}`)).toBe(false);

  await test.app.services.licences.resumeFollowUps();
  await filesReady(test, licence.id);
  await test.app.services.licences.resumeFollowUps();
  expect(await receiptQueued(outbox, licence.id)).toBe(true);
  expect(files.prepared.filter((d) => d.licenceId === licence.id)).toHaveLength(1);
});
