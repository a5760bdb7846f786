import { Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { percent, type ChartRow } from '../chart-data';

/**
 * One chart as a named figure: a heading, a one-line description, the picture (hidden from
 * screen readers) and the same numbers as a table that only screen readers read.
 */
export function ChartCard({
  title,
  description,
  rows,
  labelHeader,
  children,
}: {
  title: string;
  description: string;
  rows: ChartRow[];
  labelHeader: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return (
    <Paper withBorder p="lg" component="figure" m={0} aria-labelledby={headingId} h="100%">
      <Title order={2} fz="md" id={headingId}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mt={2} mb="lg">
        {description}
      </Text>
      <div aria-hidden="true">{children}</div>
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{labelHeader}</Table.Th>
              <Table.Th scope="col">Posts</Table.Th>
              <Table.Th scope="col">Share</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row">{row.label}</Table.Th>
                <Table.Td>{row.value}</Table.Td>
                <Table.Td>{percent(row.value, total)}%</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Paper>
  );
}
