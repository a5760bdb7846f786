import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** Tinted badges with text dark enough for WCAG AA (Mantine's light variant is not, for small text). */
const TONES = {
  positive: { background: '#e3f5ec', color: '#0b6b45' },
  neutral: { background: '#eef0f2', color: '#41474d' },
  brand: { background: 'var(--mantine-color-brand-0)', color: 'var(--mantine-color-brand-9)' },
  warning: { background: '#fff4d6', color: '#7a4b00' },
  danger: { background: '#fde8e8', color: '#9b1c1c' },
} as const;

export function StatusBadge({ tone, children, icon }: { tone: keyof typeof TONES; children: ReactNode; icon?: ReactNode }) {
  return (
    <Badge variant="filled" leftSection={icon} style={TONES[tone]} tt="none" fw={600}>
      {children}
    </Badge>
  );
}
