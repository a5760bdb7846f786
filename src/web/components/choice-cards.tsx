import { Checkbox, Group, SimpleGrid, Text } from '@mantine/core';

/** Selectable cards for a multi-choice list; the stored value is shown, capitalised by CSS. */
export function ChoiceCards<T extends string>({
  label,
  options,
  value,
  onChange,
  columns = 4,
  disabled,
}: {
  label: string;
  options: readonly T[];
  value: T[];
  onChange: (next: T[]) => void;
  columns?: number;
  disabled?: boolean;
}) {
  return (
    <Checkbox.Group label={label} value={value} onChange={(next) => onChange(next as T[])}>
      <SimpleGrid cols={{ base: 2, sm: columns }} spacing="sm" mt="xs">
        {options.map((option) => (
          <Checkbox.Card key={option} value={option} radius="md" p="sm" disabled={disabled} aria-label={option}>
            <Group wrap="nowrap" gap="sm">
              <Checkbox.Indicator />
              <Text size="sm" fw={500} className="capitalize">
                {option}
              </Text>
            </Group>
          </Checkbox.Card>
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
