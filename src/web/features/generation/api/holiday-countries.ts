import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';

/** GET /api/holidays/countries -> { countries }: every country the holiday data knows, by English name. */
const holidayCountriesQueryOptions = queryOptions({
  queryKey: ['holidays', 'countries'],
  queryFn: async () => (await parseResponse(api.holidays.countries.$get())).countries,
  staleTime: Infinity,
});

export function useHolidayCountries(enabled: boolean) {
  return useQuery({ ...holidayCountriesQueryOptions, enabled });
}
