import { EarningsEvent } from './entities/earnings-event.entity';
import { EarningsLedgerEntry } from './entities/earnings-ledger-entry.entity';
import { EarningsOrder } from './entities/earnings-order.entity';
import { EarningsRefund } from './entities/earnings-refund.entity';
import { EarningsReversal } from './entities/earnings-reversal.entity';
import { EarningsTransfer } from './entities/earnings-transfer.entity';

/** The earnings module's entities, for the entity list (src/entities.ts). */
export const earningsEntities = [EarningsOrder, EarningsLedgerEntry, EarningsRefund, EarningsTransfer, EarningsReversal, EarningsEvent];
