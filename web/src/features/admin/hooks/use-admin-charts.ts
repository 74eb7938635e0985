import { useEffect, useState } from 'react';
import { ApiError } from '../../../app/api/api-client';
import { useApiClient } from '../../../app/api/use-api-client';

export interface RevenuePoint {
  readonly period: string;
  readonly subscription_gross_cents: number;
  readonly subscription_refund_cents: number;
  readonly subscription_net_cents: number;
  readonly licence_gross_cents: number;
  readonly licence_refund_cents: number;
  readonly licence_net_cents: number;
  readonly licence_orders: number;
}

/** GET /admin/charts. */
export interface AdminChartsData {
  readonly from: string;
  readonly to: string;
  readonly days: readonly RevenuePoint[];
  readonly months: readonly RevenuePoint[];
  readonly activity: readonly { day: string; beats: number; accounts: number }[];
  readonly plan_mix: readonly { level: number; plan: string; payments: number; net_cents: number }[];
  readonly payouts: readonly { state: string; transfers: number; cents: number }[];
}

export interface ChartsRange {
  readonly from: string;
  readonly to: string;
}

/** The dashboard's charts for a range of days; `error` holds the api's message when it refused the range. */
export function useAdminCharts(range: ChartsRange) {
  const api = useApiClient();
  const key = `${range.from}/${range.to}`;
  // The last answer and the range it was for: loading while that is not the range asked for.
  const [answer, setAnswer] = useState<{ key: string; data: AdminChartsData | null; error: string | null }>({ key: '', data: null, error: null });
  useEffect(() => {
    let current = true;
    void api.request<AdminChartsData>(`/admin/charts?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`).then(
      (loaded) => {
        if (current) setAnswer({ key, data: loaded, error: null });
      },
      (failure: unknown) => {
        if (!current) return;
        const error = failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'The charts could not be loaded. Please try again.';
        setAnswer((before) => ({ key, data: before.data, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [api, key, range.from, range.to]);
  return { data: answer.data, error: answer.error, loading: answer.key !== key };
}
