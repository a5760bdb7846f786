import type { ConnectionHealth } from '@shared/schemas/publishing';

const DAY_MS = 86_400_000;

export interface HealthLine {
  state: ConnectionHealth['state'];
  /** "Healthy", "Expires in N days" or "Disconnected: reconnect" (a badge). */
  label: string;
  /** Its sign-in ends within a day (shown as a danger, not a warning). */
  urgent: boolean;
  /** Why, in words, where there is more to say. */
  detail: string | null;
}

/** What a connection's row says about whether it can publish, at `now`. */
export function healthLine(health: ConnectionHealth, now: Date): HealthLine {
  if (health.state === 'healthy') return { state: 'healthy', label: 'Healthy', urgent: false, detail: null };
  if (health.state === 'disconnected') {
    return {
      state: 'disconnected',
      label: 'Disconnected: reconnect',
      urgent: true,
      detail: health.reason ?? 'The network no longer accepts this connection. Nothing goes out through it until you reconnect.',
    };
  }
  const left = health.expiresAt === null ? null : Date.parse(health.expiresAt) - now.getTime();
  // A part of a day counts as a day: "in 1 day" rather than "in 0 days" on the last one.
  const days = left === null ? null : Math.max(1, Math.ceil(left / DAY_MS));
  const when = days === null ? 'soon' : `in ${days} ${days === 1 ? 'day' : 'days'}`;
  return { state: 'expiring', label: `Expires ${when}`, urgent: days !== null && days <= 1, detail: health.reason ?? 'Reconnect to keep posting.' };
}
