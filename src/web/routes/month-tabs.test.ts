import { describe, expect, it } from 'vitest';
import { resolveTab } from './month-tabs';

const month = (archived: boolean, contentGenerated: boolean) => ({ archived, contentGenerated });

describe('resolveTab', () => {
  it('opens Generate for an active month without content, Calendar once generated', () => {
    expect(resolveTab(null, month(false, false))).toBe('generate');
    expect(resolveTab(null, month(false, true))).toBe('calendar');
  });

  it('opens Calendar for an archived month and never shows Generate there, whatever the URL asks', () => {
    expect(resolveTab(null, month(true, false))).toBe('calendar');
    expect(resolveTab('generate', month(true, true))).toBe('calendar');
  });

  it('keeps the tab the URL names, and ignores unknown names', () => {
    expect(resolveTab('scheduled', month(false, false))).toBe('scheduled');
    expect(resolveTab('calendar', month(false, false))).toBe('calendar');
    expect(resolveTab('nonsense', month(false, true))).toBe('calendar');
  });
});
