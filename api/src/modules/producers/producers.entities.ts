import { PayoutAccount } from './payout-account.entity';
import { PayoutEvent } from './payout-event.entity';
import { Producer } from './producer.entity';
import { ProducerUploadDay } from './upload-day.entity';

/** The producers module's entities, for the entity list (src/entities.ts). */
export const producersEntities = [Producer, PayoutAccount, PayoutEvent, ProducerUploadDay];
