/** Public holidays by country from date-holidays (offline data), for the Generate tab's holiday picker. */
import type { HolidaysTypes } from 'date-holidays';
import type { HolidayCountry } from '@shared/schemas/generation';

export interface PublicHoliday {
  /** YYYY-MM-DD, the holiday's calendar day in its country. */
  date: string;
  name: string;
}

/** English names where the data has them; the library falls back to the country's own language. */
const LANGUAGE = 'en';

/** The data of every country (about 25 MB of memory), loaded when the picker first asks for it. */
const library = () => import('date-holidays').then((module) => module.default);

/** Public holidays ('public' type only) of a country in one month; [] for an unknown country. */
export async function listHolidays(country: string, year: number, month: number): Promise<PublicHoliday[]> {
  const code = country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return [];
  const Holidays = await library();
  let holidays: HolidaysTypes.Holiday[];
  try {
    holidays = new Holidays(code, { languages: LANGUAGE }).getHolidays(year, LANGUAGE);
  } catch {
    return [];
  }
  const prefix = `${year}-${String(month).padStart(2, '0')}-`;
  const seen = new Set<string>();
  const result: PublicHoliday[] = [];
  for (const holiday of holidays) {
    // `date` is 'YYYY-MM-DD hh:mm:ss' in the country's own time: its first ten characters are the day.
    const date = holiday.date.slice(0, 10);
    if (holiday.type !== 'public' || !date.startsWith(prefix)) continue;
    const key = `${date}|${holiday.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ date, name: holiday.name });
  }
  return result.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}

/** Every country the holiday data knows, by English name. */
export async function listCountries(): Promise<HolidayCountry[]> {
  const Holidays = await library();
  const countries = new Holidays().getCountries(LANGUAGE);
  return Object.entries(countries)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
