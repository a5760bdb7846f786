import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

export interface HolidayCountry {
  code: string;
  name: string;
}

/** GET /api/holidays/countries -> { countries }: every country the holiday data knows, by English name. */
export async function fetchHolidayCountries(): Promise<HolidayCountry[]> {
  return (await readJson<{ countries: HolidayCountry[] }>(await api.holidays.countries.$get())).countries;
}

export const holidayCountriesQueryOptions = queryOptions({
  queryKey: ['holidays', 'countries'],
  queryFn: fetchHolidayCountries,
  staleTime: Infinity,
});

export function useHolidayCountries(enabled: boolean) {
  return useQuery({ ...holidayCountriesQueryOptions, enabled });
}
