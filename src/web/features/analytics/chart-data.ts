import { MONTH_ABBREVIATIONS } from '@shared/domain/months';
import { capitalize, PLATFORM_LABELS } from '@shared/domain/options';
import { networkTable } from '@shared/networks';
import type { Analytics } from '@shared/schemas/analytics';

/** Each network's recognisable colour; all have at least 3:1 contrast against the white card. */
export const PLATFORM_COLORS = networkTable((network) => network.colors.chart);

/** One row of a chart and of its screen-reader table. */
export interface ChartRow {
  label: string;
  value: number;
  color: string;
}

/** 'YYYY-MM-DD' (a Monday) -> 'Dec 7'. */
export function weekLabel(week: string): string {
  const month = Number(week.slice(5, 7));
  const day = Number(week.slice(8, 10));
  return `${MONTH_ABBREVIATIONS[month - 1] ?? ''} ${day}`;
}

/** Whole-number share of a total, 0 when there is nothing to share. */
export function percent(value: number, total: number): number {
  return total === 0 ? 0 : Math.round((value / total) * 100);
}

export function chartRows(analytics: Analytics) {
  return {
    platforms: analytics.perPlatform.map(({ key, count }): ChartRow => ({ label: PLATFORM_LABELS[key], value: count, color: PLATFORM_COLORS[key] })),
    types: analytics.perType.map(({ key, count }): ChartRow => ({ label: capitalize(key), value: count, color: 'var(--mantine-color-brand-7)' })),
    weeks: analytics.perWeek.map(({ week, count }): ChartRow => ({ label: weekLabel(week), value: count, color: 'var(--mantine-color-brand-7)' })),
    status: [
      { label: 'Scheduled', value: analytics.status.scheduled, color: '#0b8a5a' },
      { label: 'Draft', value: analytics.status.draft, color: '#868e96' },
    ] satisfies ChartRow[],
    editing: [
      { label: 'Edited', value: analytics.editing.edited, color: 'var(--mantine-color-brand-8)' },
      { label: 'As generated', value: analytics.editing.asGenerated, color: '#868e96' },
    ] satisfies ChartRow[],
  };
}
