import { BillingAccount } from './billing-account.entity';
import { BillingCustomer } from './billing-customer.entity';
import { CheckoutSession } from './checkout-session.entity';
import { PaymentEvent } from './payment-event.entity';
import { Subscription } from './subscription.entity';
import { SubscriptionPayment } from './subscription-payment.entity';
import { CreditLedgerEntry } from './credit-ledger-entry.entity';

/** The billing module's tables. */
export const billingEntities = [BillingAccount, CreditLedgerEntry, Subscription, PaymentEvent, CheckoutSession, BillingCustomer, SubscriptionPayment];
