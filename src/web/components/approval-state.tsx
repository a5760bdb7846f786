import { IconCircleCheck, IconHourglassLow, IconMessageCircleExclamation, type Icon } from '@tabler/icons-react';
import type { ApprovalState } from '@shared/schemas/values';
import { StatusBadge } from './status-badge';

/** A post's approval in words: the calendar's marks, the list's filter and the editor's badge say the same. */
export const APPROVAL_LABELS: Record<ApprovalState, string> = {
  waiting: 'Waiting for approval',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};

/** Icon and colour per state: the colour (the status badges' text colours, 4.5:1 or more on white) is never the only signal. */
const LOOK: Record<ApprovalState, { icon: Icon; color: string; tone: 'neutral' | 'positive' | 'warning' }> = {
  waiting: { icon: IconHourglassLow, color: '#41474d', tone: 'neutral' },
  approved: { icon: IconCircleCheck, color: '#0b6b45', tone: 'positive' },
  changes_requested: { icon: IconMessageCircleExclamation, color: '#7a4b00', tone: 'warning' },
};

/**
 * The state's icon. Alone it is an image named by its label; inside a control whose own name already
 * says the state (a calendar entry), pass `decorative` so it is not read twice.
 */
export function ApprovalIcon({
  state,
  size = 12,
  decorative = false,
  className,
}: {
  state: ApprovalState;
  size?: number;
  decorative?: boolean;
  className?: string;
}) {
  const { icon: Shape, color } = LOOK[state];
  return (
    <span
      className={className}
      data-approval={state}
      title={APPROVAL_LABELS[state]}
      style={{ display: 'inline-flex', flex: 'none', color }}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': APPROVAL_LABELS[state] })}
    >
      <Shape size={size} stroke={2} aria-hidden="true" />
    </span>
  );
}

/** The state as a badge (the list's rows, the editor). */
export function ApprovalBadge({ state }: { state: ApprovalState }) {
  const { icon: Shape, tone } = LOOK[state];
  return (
    <StatusBadge tone={tone} icon={<Shape size={12} stroke={2} aria-hidden="true" />}>
      {APPROVAL_LABELS[state]}
    </StatusBadge>
  );
}

/** Screens show approval once the month was shared for review, or when it publishes only approved posts. */
export const showsApproval = (month: { reviewShared: boolean; requireApproval: boolean }) => month.reviewShared || month.requireApproval;
