import { Alert, Anchor, Checkbox, Collapse, Select, SimpleGrid, Skeleton, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { SelectedHoliday, Strategy } from '@shared/schemas/strategy';
import { errorMessage } from '../../../lib/api-error';
import { useHolidayCountries } from '../api/holiday-countries';
import { useHolidays } from '../api/holidays';
import { shortDay } from '@shared/domain/day-words';

const keyOf = (holiday: SelectedHoliday) => `${holiday.date}|${holiday.name}`;

interface HolidayPickerProps {
  form: UseFormReturnType<Strategy>;
  year: number;
  month: number;
  monthLabel: string;
}

/** Include holidays: a country (GET /api/holidays/countries) and that month's public holidays to post about. */
export function HolidayPicker({ form, year, month, monthLabel }: HolidayPickerProps) {
  const { includeHolidays, holidayCountry, selectedHolidays } = form.getValues();
  const countries = useHolidayCountries(includeHolidays);
  const holidays = useHolidays({ country: holidayCountry, year, month }, includeHolidays);
  const countryName = countries.data?.find((country) => country.code === holidayCountry)?.name ?? holidayCountry;
  const countryOptions = countries.data?.map((country) => ({ value: country.code, label: country.name })) ?? [{ value: holidayCountry, label: holidayCountry }];

  const choose = (keys: string[]) => {
    const known = holidays.data ?? [];
    form.setFieldValue(
      'selectedHolidays',
      known.filter((holiday) => keys.includes(keyOf(holiday))),
    );
  };

  return (
    <Stack gap="sm">
      <Switch
        label="Include holidays"
        description="Add a post on the public holidays you pick."
        {...form.getInputProps('includeHolidays', { type: 'checkbox' })}
      />
      <Collapse expanded={includeHolidays} transitionDuration={150}>
        <Stack gap="md" pl={{ base: 0, xs: 52 }} pt="xs">
          <Select
            label="Country"
            searchable
            allowDeselect={false}
            nothingFoundMessage="No country matches"
            data={countryOptions}
            disabled={countries.isPending}
            placeholder={countries.isPending ? 'Loading countries...' : 'Choose a country'}
            value={holidayCountry}
            onChange={(code) => {
              if (!code || code === holidayCountry) return;
              form.setFieldValue('holidayCountry', code);
              form.setFieldValue('selectedHolidays', []);
            }}
            error={countries.isError ? `Could not load countries: ${errorMessage(countries.error)}` : form.errors.holidayCountry}
            maw={360}
          />
          {holidays.isPending && includeHolidays && (
            <Stack gap={6} aria-busy="true" role="status" aria-label="Loading holidays">
              <Skeleton height={14} width={180} />
              <Skeleton height={20} width={260} />
              <Skeleton height={20} width={220} />
            </Stack>
          )}
          {holidays.isError && (
            <Alert color="red" variant="outline" title="Could not load holidays">
              {errorMessage(holidays.error)}{' '}
              <Anchor component="button" type="button" size="sm" onClick={() => void holidays.refetch()}>
                Try again
              </Anchor>
            </Alert>
          )}
          {holidays.data && holidays.data.length === 0 && (
            <Text size="sm" c="dimmed">
              {countryName} has no public holidays in {monthLabel}. Pick another country or carry on without.
            </Text>
          )}
          {holidays.data && holidays.data.length > 0 && (
            <Checkbox.Group
              label={`Holidays in ${monthLabel}`}
              description={`Public holidays in ${countryName}. Each one you pick gets a post on its day.`}
              value={selectedHolidays.map(keyOf)}
              onChange={choose}
              error={form.errors.selectedHolidays}
            >
              <SimpleGrid type="container" cols={{ base: 1, '340px': 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
                {holidays.data.map((holiday) => (
                  <Checkbox key={keyOf(holiday)} value={keyOf(holiday)} label={holiday.name} description={shortDay(holiday.date)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        </Stack>
      </Collapse>
    </Stack>
  );
}
