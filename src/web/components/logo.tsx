import { Group, Text } from '@mantine/core';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-8)" />
      <rect x="7" y="9" width="18" height="16" rx="3" fill="none" stroke="#fff" strokeWidth="2.2" />
      <path d="M7 14h18M12 6.5v5M20 6.5v5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="16" cy="19.5" r="2" fill="#fff" />
    </svg>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={10} wrap="nowrap" aria-label="Content Planner" role="img">
      <LogoMark size={size} />
      <Text fw={700} size="lg" c="dark.7" aria-hidden="true" style={{ whiteSpace: 'nowrap' }}>
        Content Planner
      </Text>
    </Group>
  );
}
