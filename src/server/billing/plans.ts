/**
 * The Stats plan as it is sold: monthly or annual, the prices shown (PLAN_*_CENTS; Stripe's prices are what is
 * charged, and an operator keeps the two equal), the optional free trial.
 */
import { config } from '../config.ts';

export type PlanInterval = 'month' | 'year';
export const PLAN_INTERVALS: readonly PlanInterval[] = ['month', 'year'];

export function isPlanInterval(value: unknown): value is PlanInterval {
  return value === 'month' || value === 'year';
}

export interface PlanPrice {
  interval: PlanInterval;
  cents: number;
  currency: string;
  /** "$8.00" */
  display: string;
  /** Stripe's price id (empty with the local test provider). */
  stripePriceId: string;
}

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

export function planPrice(interval: PlanInterval): PlanPrice {
  const cents = interval === 'month' ? config.planMonthlyCents : config.planAnnualCents;
  return {
    interval,
    cents,
    currency: config.planCurrency,
    display: formatMoney(cents, config.planCurrency),
    stripePriceId: interval === 'month' ? config.stripePriceMonthly : config.stripePriceAnnual,
  };
}

export const trialDays = (): number => config.planTrialDays;

/** Monthly revenue of a subscription (an annual price counts a twelfth a month). */
export function monthlyCents(amountCents: number, interval: PlanInterval): number {
  return interval === 'year' ? amountCents / 12 : amountCents;
}
