import { listCountries, listHolidays } from './holidays';
import { holidayQuerySchema } from '@shared/schemas/generation';
import type { AppDeps } from '../../context';
import { validate } from '../../validation';
import { protectedRoutes } from '../../middleware/protected-routes';

/** Mounted at /holidays: public holidays for the Generate tab's pick-list. */
export function holidayRoutes(deps: AppDeps) {
  return protectedRoutes(deps)
    .get('/', validate('query', holidayQuerySchema), async (c) => {
      const { country, year, month } = c.req.valid('query');
      return c.json({ holidays: await listHolidays(country, year, month) });
    })
    .get('/countries', async (c) => c.json({ countries: await listCountries() }));
}
