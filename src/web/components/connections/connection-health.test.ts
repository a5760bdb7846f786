import { describe, expect, it } from 'vitest';
import { healthLine } from './connection-health';

const now = new Date('2026-03-10T12:00:00Z');

describe('a connection health line', () => {
  it('says Healthy, with nothing more, for a healthy connection', () => {
    expect(healthLine({ state: 'healthy', reason: null, expiresAt: '2026-05-01T00:00:00Z' }, now)).toEqual({
      state: 'healthy',
      label: 'Healthy',
      urgent: false,
      detail: null,
    });
  });

  it('counts whole days left to an expiry, a part of a day as one', () => {
    const expiring = (expiresAt: string) => healthLine({ state: 'expiring', reason: null, expiresAt }, now).label;
    expect(expiring('2026-03-15T12:00:00Z')).toBe('Expires in 5 days');
    expect(expiring('2026-03-15T13:00:00Z')).toBe('Expires in 6 days');
    expect(expiring('2026-03-10T13:00:00Z')).toBe('Expires in 1 day');
    expect(expiring('2026-03-10T11:00:00Z')).toBe('Expires in 1 day');
  });

  it('says what to do under the badge', () => {
    expect(healthLine({ state: 'expiring', reason: null, expiresAt: '2026-03-15T12:00:00Z' }, now).detail).toBe('Reconnect to keep posting.');
  });

  it('is urgent on the last day only', () => {
    const urgent = (expiresAt: string) => healthLine({ state: 'expiring', reason: null, expiresAt }, now).urgent;
    expect(urgent('2026-03-17T11:00:00Z')).toBe(false);
    expect(urgent('2026-03-11T13:00:00Z')).toBe(false);
    expect(urgent('2026-03-11T11:00:00Z')).toBe(true);
  });

  it("shows a disconnection's reason in the server's words, and says what it means when there is none", () => {
    const reason = 'Facebook says the sign-in expired or was revoked (code 190). Reconnect to publish again.';
    expect(healthLine({ state: 'disconnected', reason, expiresAt: null }, now)).toEqual({
      state: 'disconnected',
      label: 'Disconnected: reconnect',
      urgent: true,
      detail: reason,
    });
    expect(healthLine({ state: 'disconnected', reason: null, expiresAt: null }, now).detail).toMatch(/until you reconnect/);
  });
});
