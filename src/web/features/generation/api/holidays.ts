import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';

interface HolidayQuery {
  country: string;
  year: number;
  month: number;
}

/** GET /api/holidays?country=US&year=2026&month=12 -> { holidays: [{ date, name }] }: public holidays of one month. */
const holidaysQueryOptions = ({ country, year, month }: HolidayQuery) =>
  queryOptions({
    queryKey: ['holidays', country, year, month],
    queryFn: async () => (await parseResponse(api.holidays.$get({ query: { country, year: String(year), month: String(month) } }))).holidays,
    staleTime: Infinity,
  });

export function useHolidays(query: HolidayQuery, enabled: boolean) {
  return useQuery({ ...holidaysQueryOptions(query), enabled });
}
