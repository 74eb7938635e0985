import { EarningsEvent } from './earnings-event.entity';
import { EarningsLedgerEntry } from './earnings-ledger-entry.entity';
import { EarningsOrder } from './earnings-order.entity';
import { EarningsRefund } from './earnings-refund.entity';
import { EarningsReversal } from './earnings-reversal.entity';
import { EarningsTransfer } from './earnings-transfer.entity';

/** The earnings module's entities, for the entity list (src/entities.ts). */
export const earningsEntities = [EarningsOrder, EarningsLedgerEntry, EarningsRefund, EarningsTransfer, EarningsReversal, EarningsEvent];
