import { Alert, Badge, Button, Checkbox, FileInput, Group, Modal, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@shared/domain/options';
import { IMPORT_LIMITS, IMPORT_PRESET_LABELS, IMPORT_PRESETS, type ColumnMapping, type ImportPreset, type ImportPreview } from '@shared/schemas/import';
import type { MonthDetail } from '@shared/schemas/month';
import { api, parseResponse } from '../../../lib/api-client';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { postsAdded } from '../../../lib/posts/cache';
import { headerCells } from './header-cells';

/** An error in words by its code: what happened and what to do next. */
function importError(error: unknown): { message: string; rows: [string, string][] } {
  if (!(error instanceof ApiRequestError)) return { message: errorMessage(error), rows: [] };
  const rows = Object.entries(error.details ?? {}).map(([row, reason]) => [row, String(reason)] as [string, string]);
  switch (error.code) {
    case 'archived':
      return { message: 'This month is archived, so nothing can be imported into it. Import into an active month instead.', rows };
    case 'payload_too_large':
      return { message: `The file is too large. Keep it under ${IMPORT_LIMITS.bytes / 1_000_000} MB, or split it into several files.`, rows };
    case 'month_full':
    case 'bad_request':
      return { message: error.message, rows };
    default:
      return { message: errorMessage(error), rows };
  }
}

const FIELDS: { key: keyof ColumnMapping; label: string; required?: boolean }[] = [
  { key: 'date', label: 'Date', required: true },
  { key: 'text', label: 'Post text', required: true },
  { key: 'network', label: 'Network' },
  { key: 'hashtags', label: 'Hashtags' },
  { key: 'type', label: 'Post type' },
  { key: 'mediaDescription', label: 'Media description' },
];

export function ImportModal({ month, opened, onClose }: { month: MonthDetail; opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState('');
  const [preset, setPreset] = useState<ImportPreset | null>(null);
  const [platform, setPlatform] = useState<Platform | null>(null);
  const [mapping, setMapping] = useState<Partial<ColumnMapping>>({});
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const mappingReady = preset !== 'custom' || Boolean(mapping.date && mapping.text);
  const body = () => ({
    csv,
    ...(preset ? { preset } : {}),
    ...(preset === 'custom' && mapping.date && mapping.text ? { mapping: mapping as ColumnMapping } : {}),
    ...(platform ? { platform } : {}),
    skipDuplicates,
  });
  const preview = useMutation({
    mutationFn: () => parseResponse(api.months[':id'].import.preview.$post({ param: { id: month.id }, json: body() })),
    onSuccess: (answer: ImportPreview) => setPreset((chosen) => chosen ?? answer.preset),
  });
  const importing = useMutation({
    mutationFn: () => parseResponse(api.months[':id'].import.$post({ param: { id: month.id }, json: body() })),
    onSuccess: async ({ imported, skipped }) => {
      await postsAdded(queryClient, month.id);
      notify({
        tone: 'success',
        title: `${imported} ${imported === 1 ? 'post' : 'posts'} imported`,
        message: skipped > 0 ? `${skipped} ${skipped === 1 ? 'duplicate was' : 'duplicates were'} skipped.` : 'They are on the calendar.',
      });
      close();
    },
  });

  // Each change of file, format, network or columns asks for a new preview.
  const previewNow = preview.mutate;
  useEffect(() => {
    if (csv && mappingReady) previewNow();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [csv, preset, platform, mapping.date, mapping.text, mapping.network, mapping.hashtags, mapping.type, mapping.mediaDescription]);

  function close() {
    setFile(null);
    setCsv('');
    setPreset(null);
    setPlatform(null);
    setMapping({});
    setFileProblem(null);
    preview.reset();
    importing.reset();
    onClose();
  }

  async function choose(chosen: File | null) {
    setFile(chosen);
    setPreset(null);
    setMapping({});
    preview.reset();
    importing.reset();
    setFileProblem(null);
    setCsv('');
    if (!chosen) return;
    if (chosen.size > IMPORT_LIMITS.bytes) {
      setFileProblem(`This file is ${(chosen.size / 1_000_000).toFixed(1)} MB. Keep it under ${IMPORT_LIMITS.bytes / 1_000_000} MB, or split it.`);
      return;
    }
    setCsv(await chosen.text());
  }

  const headers = headerCells(csv);
  const rows = preview.data?.rows ?? [];
  const problems = rows.filter((row) => row.problems.length > 0).length;
  const duplicates = rows.filter((row) => row.duplicate).length;
  const needsNetwork = rows.some((row) => row.problems.some((problem) => problem.startsWith('The network is missing')));
  const failure = preview.error ?? importing.error;
  const shown = failure ? importError(failure) : null;
  const importable = rows.length - (skipDuplicates ? duplicates : 0);
  const canImport = Boolean(preview.data) && problems === 0 && (skipDuplicates || duplicates === 0) && importable > 0 && !preview.isPending;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Import posts into ${month.name} ${month.year}`}
      size="xl"
      fullScreen={phone}
      centered={!phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose a CSV file: an export of this planner, or a bulk file made for Buffer, Hootsuite, Publer or Later. You see every row as a post before anything
          is added.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a file"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />}
          error={fileProblem}
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the file' }}
        />
        {csv && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Format"
              description={preview.data && !preset ? 'Found from the file’s first row.' : undefined}
              data={IMPORT_PRESETS.map((value) => ({ value, label: IMPORT_PRESET_LABELS[value] }))}
              value={preset ?? preview.data?.preset ?? null}
              onChange={(value) => setPreset(value as ImportPreset | null)}
              allowDeselect={false}
            />
            <Select
              label="Network"
              description="For rows whose file names no network."
              data={PLATFORMS.map((value) => ({ value, label: PLATFORM_LABELS[value] }))}
              value={platform}
              onChange={(value) => setPlatform(value as Platform | null)}
              placeholder="Choose a network"
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the network' }}
              error={needsNetwork && !platform ? 'Choose the network these posts are for.' : undefined}
            />
          </SimpleGrid>
        )}
        {preset === 'custom' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} role="group" aria-label="Which column holds what">
            {FIELDS.map((field) => (
              <Select
                key={field.key}
                label={field.label}
                withAsterisk={field.required}
                data={headers}
                value={mapping[field.key] ?? null}
                onChange={(value) => setMapping((current) => ({ ...current, [field.key]: value ?? undefined }))}
                placeholder={field.required ? 'Choose a column' : 'Not in the file'}
                clearable={!field.required}
                clearButtonProps={{ 'aria-label': `Clear ${field.label}` }}
              />
            ))}
          </SimpleGrid>
        )}
        {shown && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} role="alert" title="Not imported">
            <Text size="sm">{shown.message}</Text>
            {shown.rows.length > 0 && (
              <ul>
                {shown.rows.map(([row, reason]) => (
                  <li key={row}>
                    <Text size="sm">
                      {row[0]!.toUpperCase() + row.slice(1)}: {reason}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        {preview.data && (
          <>
            <Text size="sm" role="status">
              {rows.length} {rows.length === 1 ? 'row' : 'rows'}
              {problems > 0 ? `, ${problems} with problems to fix in the file` : ''}
              {duplicates > 0 ? `, ${duplicates} already in the month` : ''}.
            </Text>
            <Table.ScrollContainer minWidth={phone ? 0 : 560}>
              <Table striped verticalSpacing="xs" aria-label="Rows of the file as posts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Row</Table.Th>
                    {!phone && <Table.Th scope="col">Day</Table.Th>}
                    {!phone && <Table.Th scope="col">Network</Table.Th>}
                    <Table.Th scope="col">Post</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.row} bg={row.problems.length > 0 ? 'var(--mantine-color-red-light)' : undefined}>
                      <Table.Td>{row.row}</Table.Td>
                      {!phone && <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.post?.date ?? ''}</Table.Td>}
                      {!phone && <Table.Td>{row.post ? PLATFORM_LABELS[row.post.platform] : ''}</Table.Td>}
                      <Table.Td>
                        {/* On a phone the day and network go above the text: four columns do not fit. */}
                        {phone && row.post && (
                          <Text size="xs" fw={600}>
                            {row.post.date} · {PLATFORM_LABELS[row.post.platform]}
                          </Text>
                        )}
                        {row.post && (
                          <Text size="sm" lineClamp={3}>
                            {row.post.content}
                            {row.post.hashtags.length > 0 ? ` ${row.post.hashtags.join(' ')}` : ''}
                          </Text>
                        )}
                        {row.duplicate && (
                          <Badge color="yellow" variant="light" mt={4}>
                            Already in the month
                          </Badge>
                        )}
                        {row.problems.map((problem) => (
                          <Text key={problem} size="sm" c="red.8" fw={500}>
                            Problem: {problem}
                          </Text>
                        ))}
                        {row.notes.map((note) => (
                          <Text key={note} size="xs" c="dimmed">
                            {note}
                          </Text>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {duplicates > 0 && (
              <Checkbox
                label="Skip the rows already in the month (same day, network and text)"
                checked={skipDuplicates}
                onChange={(event) => setSkipDuplicates(event.currentTarget.checked)}
              />
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => importing.mutate()} disabled={!canImport} loading={importing.isPending}>
            {preview.data ? `Import ${importable} ${importable === 1 ? 'post' : 'posts'}` : 'Import'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
