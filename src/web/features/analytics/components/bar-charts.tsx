import { BarChart } from '@mantine/charts';
import type { ChartRow } from '../chart-data';
import { ChartCard } from './chart-card';

const series = [{ name: 'Posts', color: 'brand.7' }];
const toData = (rows: ChartRow[]) => rows.map((row) => ({ label: row.label, Posts: row.value, color: row.color }));
const wholeNumber = (value: number) => String(Math.round(value));

/** Horizontal bars with the category written beside each bar and its count at the end. */
export function CategoryChart({ title, description, labelHeader, rows }: { title: string; description: string; labelHeader: string; rows: ChartRow[] }) {
  return (
    <ChartCard title={title} description={description} rows={rows} labelHeader={labelHeader}>
      <BarChart
        h={rows.length * 44 + 24}
        data={toData(rows)}
        dataKey="label"
        series={series}
        orientation="vertical"
        withXAxis={false}
        gridAxis="none"
        withTooltip={false}
        withBarValueLabel
        valueFormatter={wholeNumber}
        valueLabelProps={{ fill: 'var(--mantine-color-dark-7)', fontWeight: 600 }}
        yAxisProps={{ width: 96, tick: { fontSize: 13, fill: 'var(--mantine-color-dark-6)' } }}
        barChartProps={{ margin: { right: 32 } }}
        maxBarWidth={26}
        minBarSize={2}
        textColor="dark.6"
        accessibilityLayer={false}
      />
    </ChartCard>
  );
}

/** Posts per week (weeks start on Monday), oldest first, labelled like 'Dec 7'. */
export function WeeklyChart({ rows }: { rows: ChartRow[] }) {
  return (
    <ChartCard title="Posts per week" description="How your posts spread over the weeks they are planned for." rows={rows} labelHeader="Week of">
      <BarChart
        h={240}
        data={toData(rows)}
        dataKey="label"
        series={series}
        withTooltip={false}
        withBarValueLabel
        valueFormatter={wholeNumber}
        valueLabelProps={{ fill: 'var(--mantine-color-dark-7)', fontWeight: 600 }}
        yAxisProps={{ allowDecimals: false, width: 32, domain: [0, 'dataMax'] }}
        xAxisProps={{ interval: 0, tick: { fontSize: 12, fill: 'var(--mantine-color-dark-6)', transform: 'translate(0, 6)' } }}
        barChartProps={{ margin: { top: 20 } }}
        maxBarWidth={48}
        textColor="dark.6"
        accessibilityLayer={false}
      />
    </ChartCard>
  );
}
