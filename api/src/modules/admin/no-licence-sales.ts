import { notFound } from '../../platform/errors';
import type { OrdersSource } from './orders-source.types';

/**
 * The orders of a build without licence sales (the licences module is wired in its place by the
 * composition root once it exists): there are none, so no revenue and nothing to refund.
 */
export const noLicenceSales: OrdersSource = {
  async page() {
    return { rows: [], total: 0 };
  },
  async revenueCents() {
    return 0;
  },
  async refund() {
    throw notFound('No such order.');
  },
};
