import { User } from '../../modules/accounts/user.entity';
import { AudioFacts } from '../../modules/catalog/audio-facts.embeddable';
import { DrumLoop } from '../../modules/catalog/drum-loop.entity';
import { MelodyComposition } from '../../modules/catalog/melody-composition.entity';
import { MelodyStem } from '../../modules/catalog/melody-stem.entity';
import { SampleTagLists } from '../../modules/catalog/sample-tags.embeddable';
import { Beat } from '../../modules/beats/beat.entity';
import { GenerationJob } from '../../modules/beats/generation-job.entity';
import { CheckoutSession } from '../../modules/billing/checkout-session.entity';
import { PaymentEvent } from '../../modules/billing/payment-event.entity';
import { Subscription } from '../../modules/billing/subscription.entity';
import { TokenLedgerEntry } from '../../modules/billing/token-ledger-entry.entity';
import { BillingCustomer } from '../../modules/billing/billing-customer.entity';
import { producersEntities } from '../../modules/producers/producers.entities';
import { AppSecret } from './app-secret.entity';

/** Every entity of the api, listed explicitly: no folder scanning, the same under tsc and jest. */
export const ENTITIES = [AppSecret, User, AudioFacts, SampleTagLists, MelodyComposition, MelodyStem, DrumLoop, Beat, GenerationJob, TokenLedgerEntry, Subscription, PaymentEvent, CheckoutSession, BillingCustomer, ...producersEntities];
