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
  const [data, setData] = useState<AdminChartsData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let current = true;
    setLoading(true);
    void api.request<AdminChartsData>(`/admin/charts?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`).then(
      (loaded) => {
        if (!current) return;
        setData(loaded);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'The charts could not be loaded. Please try again.');
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [api, range.from, range.to]);
  return { data, error, loading };
}
