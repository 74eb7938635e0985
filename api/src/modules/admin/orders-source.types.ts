/**
 * What the admin dashboard needs from licence sales (the licences module implements it through its
 * service; the admin module never reads the licences module's tables).
 */

/** Requirements §P3 "Beat order (admin)": producers, customer_email, price; plus what refunds need. */
export interface AdminOrderRow {
  readonly orderId: string;
  readonly createdAt: Date;
  /** Producer names of the beat, in share order. */
  readonly producers: readonly string[];
  readonly customerEmail: string;
  readonly beatTitle: string;
  /** "standard" | "advanced" | "excindie" | "exclabel". */
  readonly tier: string;
  readonly priceCents: number;
  readonly refundedCents: number;
  readonly status: 'paid' | 'refunded';
}

export interface OrdersSource {
  /** Paid orders, newest first. */
  page(offset: number, limit: number): Promise<{ readonly rows: readonly AdminOrderRow[]; readonly total: number }>;
  /** Money taken for licences minus refunds, in cents. */
  revenueCents(): Promise<number>;
  /**
   * Refunds a paid order in full through the payment port, reversing the producers' earnings; once
   * per order (a second call answers a conflict). `adminId` and `reason` go to the order's record.
   */
  refund(orderId: string, adminId: string, reason: string): Promise<AdminOrderRow>;
}
