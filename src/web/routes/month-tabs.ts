import type { MonthDetail } from '@shared/schemas/month';

export const MONTH_TABS = ['generate', 'calendar', 'scheduled'] as const;
export type MonthTab = (typeof MONTH_TABS)[number];

/** The spec's default: Calendar when archived or generated, else Generate. Generate never for archived months. */
export function resolveTab(requested: string | null, month: Pick<MonthDetail, 'archived' | 'contentGenerated'>): MonthTab {
  const valid = MONTH_TABS.find((tab) => tab === requested);
  if (valid && !(valid === 'generate' && month.archived)) return valid;
  return month.archived || month.contentGenerated ? 'calendar' : 'generate';
}
