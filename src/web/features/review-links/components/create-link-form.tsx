import '@mantine/dates/styles.css';
import { Alert, Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertCircle, IconCalendar, IconLink } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { longDate } from '@shared/domain/day-words';
import { daysInMonth } from '@shared/domain/months';
import type { MonthDetail } from '@shared/schemas/month';
import type { CreatedReviewLink } from '@shared/schemas/review';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { useCreateReviewLink } from '../api/create-review-link';
import { EXPIRY_CHOICES, expiryLabel } from '../link-words';

/** The schema's limits, repeated here so the form's chunk does not carry zod; the server checks them again. */
const REVIEWER_NAME_MAX = 80;
const EXPIRY_DEFAULT = 30;

const pad = (value: number) => String(value).padStart(2, '0');

/** First and last calendar day of the month: the picker offers only these. */
function monthBounds(month: MonthDetail): [string, string] {
  const prefix = `${month.year}-${pad(month.month)}`;
  return [`${prefix}-01`, `${prefix}-${pad(daysInMonth(month))}`];
}

/** A new link: an optional reviewer's name, optional days of the month, and how long it lasts. */
export function CreateLinkForm({ month, onCreated }: { month: MonthDetail; onCreated: (created: CreatedReviewLink) => void }) {
  const headingId = useId();
  const daysLabelId = useId();
  const [reviewerName, setReviewerName] = useState('');
  const [days, setDays] = useState<[string | null, string | null]>([null, null]);
  const [expiresInDays, setExpiresInDays] = useState(EXPIRY_DEFAULT);
  const create = useCreateReviewLink(month.id);
  const [first, last] = monthBounds(month);
  const fields = create.error instanceof ApiRequestError ? (create.error.fields ?? {}) : {};
  const [from, to] = days;
  const halfRange = from !== null && to === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (halfRange) return;
    create.mutate(
      { reviewerName: reviewerName.trim() || undefined, ...(from && to ? { fromDate: from, toDate: to } : {}), expiresInDays },
      { onSuccess: onCreated },
    );
  };

  // A field-level refusal is shown on its field; anything else above the button.
  const general = create.error && Object.keys(fields).length === 0 ? errorMessage(create.error) : null;

  return (
    <Stack component="form" gap="sm" onSubmit={submit} aria-labelledby={headingId}>
      <Title order={2} fz="md" id={headingId}>
        New review link
      </Title>
      <TextInput
        label="Reviewer's name"
        description="Optional. Shown on their page and next to their comments."
        placeholder="e.g. Anna"
        value={reviewerName}
        maxLength={REVIEWER_NAME_MAX}
        onChange={(event) => setReviewerName(event.currentTarget.value)}
        error={fields.reviewerName}
      />
      <DatePickerInput
        type="range"
        label="Days"
        description="Optional. Leave empty to share the whole month."
        placeholder="Whole month"
        leftSection={<IconCalendar size={16} aria-hidden="true" />}
        value={days}
        onChange={setDays}
        minDate={first}
        maxDate={last}
        defaultDate={first}
        firstDayOfWeek={0}
        weekendDays={[]}
        maxLevel="month"
        getDayAriaLabel={longDate}
        ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
        allowSingleDateInRange
        clearable
        clearButtonProps={{ 'aria-label': 'Share the whole month' }}
        valueFormat="MMM D"
        labelSeparator="–"
        error={fields.fromDate ?? fields.toDate ?? (halfRange ? 'Pick the last day too, or clear the days.' : undefined)}
        // The calendar's dialog is named by the field's label (Mantine names it after an id the field does not carry).
        popoverProps={{ withinPortal: true, id: daysLabelId }}
        labelProps={{ id: daysLabelId }}
        // Mantine's placeholder grey fails contrast, and here the placeholder says what an empty field means.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      />
      <NativeSelect
        label="Link expires after"
        value={String(expiresInDays)}
        onChange={(event) => setExpiresInDays(Number(event.currentTarget.value))}
        data={EXPIRY_CHOICES.map((choice) => ({ value: String(choice), label: expiryLabel(choice) }))}
        error={fields.expiresInDays}
        maw={220}
      />
      {general && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert" p="xs">
          {general}
        </Alert>
      )}
      <Group>
        <Button type="submit" leftSection={<IconLink size={16} aria-hidden="true" />} loading={create.isPending} disabled={halfRange}>
          Create link
        </Button>
      </Group>
    </Stack>
  );
}
