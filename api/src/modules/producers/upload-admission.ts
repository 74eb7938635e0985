import type { MikroORM } from '@mikro-orm/postgresql';
import { DomainError } from '../../platform/errors';
import { requirePlan } from '../billing';
import { Producer } from './producer.entity';
import { notAProducer } from './producers.errors';

/** What a producer may upload now (the daily count taken). */
export interface UploadAdmission {
  readonly producerId: string;
  readonly requestsToday: number;
}

const utcDay = (date = new Date()) => date.toISOString().slice(0, 10);

/** Whether a producer may upload now: a producer, on a plan that uploads, within the day's requests. */
export class UploadAdmissions {
  constructor(
    private readonly deps: {
      orm: MikroORM;
      uploads: { readonly perDay: number };
      /** The account's subscription level (billing's): uploads need a plan that allows them. */
      planLevelOf: (userId: string) => Promise<number>;
    },
  ) {}

  /**
   * Asked by the catalogue before an upload is read: the user must be a producer (payout
   * onboarding may still be pending) on a plan that uploads (a producer below it keeps their
   * signup, prices and terms), with upload requests left today. Counting is one statement, after
   * the refusals, so a refused request does not count.
   */
  async admitUpload(user: { readonly id: string }): Promise<UploadAdmission> {
    const em = this.deps.orm.em.fork();
    const producer = await em.findOne(Producer, { user: user.id }, { fields: ['id'] });
    if (!producer) throw notAProducer();
    requirePlan(await this.deps.planLevelOf(user.id), 'uploadStems');
    const rows = await em.execute<{ requests: number }[]>(
      `insert into producer_upload_days (producer_id, day, requests) values (?, ?, 1)
       on conflict (producer_id, day) do update set requests = producer_upload_days.requests + 1
         where producer_upload_days.requests < ?
       returning requests`,
      [producer.id, utcDay(), this.deps.uploads.perDay],
    );
    if (!rows.length) {
      throw new DomainError('TOO_MANY_REQUESTS', `You have reached the limit of ${this.deps.uploads.perDay} uploads a day. Try again tomorrow.`);
    }
    return { producerId: producer.id, requestsToday: rows[0].requests };
  }
}
