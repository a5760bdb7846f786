import { describe, expect, it } from 'vitest';
import { notificationPath } from './notification-path';

describe('where a notification leads', () => {
  it("leads a finished review to its month, and a post held for approval to the post in its month's editor", () => {
    // review_finished: about the month the reviewer finished.
    expect(notificationPath({ postId: null, monthId: '2026-12', connectionId: null })).toBe('/month/2026-12');
    // awaiting_approval: about the post that waits at its time.
    expect(notificationPath({ postId: 'a1b2', monthId: '2026-12', connectionId: null })).toBe('/month/2026-12?post=a1b2');
  });

  it('leads a connection to Settings and anything else to the dashboard', () => {
    expect(notificationPath({ postId: null, monthId: null, connectionId: 'c1' })).toBe('/settings#connections');
    expect(notificationPath({ postId: null, monthId: null, connectionId: null })).toBe('/dashboard');
  });
});
