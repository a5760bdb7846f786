import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SelectedHoliday } from '../../../../shared/schemas/strategy';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

export interface HolidayQuery {
  country: string;
  year: number;
  month: number;
}

/** GET /api/holidays?country=US&year=2026&month=12 -> { holidays: [{ date, name }] }: public holidays of one month. */
export async function fetchHolidays({ country, year, month }: HolidayQuery): Promise<SelectedHoliday[]> {
  const response = await api.holidays.$get({ query: { country, year: String(year), month: String(month) } });
  return (await readJson<{ holidays: SelectedHoliday[] }>(response)).holidays;
}

export const holidaysQueryOptions = (query: HolidayQuery) =>
  queryOptions({
    queryKey: ['holidays', query.country, query.year, query.month],
    queryFn: () => fetchHolidays(query),
    staleTime: Infinity,
  });

export function useHolidays(query: HolidayQuery, enabled: boolean) {
  return useQuery({ ...holidaysQueryOptions(query), enabled });
}
