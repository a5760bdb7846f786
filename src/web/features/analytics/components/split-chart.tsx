import { DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { percent, type ChartRow } from '../chart-data';
import { ChartCard } from './chart-card';

/** A two-part split (scheduled vs draft, edited vs as generated): a donut and a legend in words and numbers. */
export function SplitChart({ title, description, labelHeader, rows }: { title: string; description: string; labelHeader: string; rows: ChartRow[] }) {
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  const [first] = rows;
  return (
    <ChartCard title={title} description={description} rows={rows} labelHeader={labelHeader}>
      <Group gap="xl" wrap="nowrap" align="center">
        <DonutChart
          data={rows.map((row) => ({ name: row.label, value: row.value, color: row.color }))}
          size={132}
          thickness={18}
          withTooltip={false}
          chartLabel={first ? `${percent(first.value, total)}%` : undefined}
          strokeWidth={2}
          accessibilityLayer={false}
          pieProps={{ rootTabIndex: -1 }}
          styles={{ label: { fontSize: 20, fontWeight: 700, fill: 'var(--mantine-color-dark-7)' } }}
        />
        <Stack gap="sm" style={{ flex: 1 }}>
          {rows.map((row) => (
            <Group key={row.label} gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch color={row.color} size={12} withShadow={false} />
                <Text size="sm" fw={500}>
                  {row.label}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                <Text span fw={700}>
                  {row.value}
                </Text>{' '}
                <Text span c="dimmed">
                  ({percent(row.value, total)}%)
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartCard>
  );
}
