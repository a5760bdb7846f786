import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { lightOnly } from './providers';

afterEach(() => vi.unstubAllGlobals());

/** A window whose localStorage holds 'dark' as Mantine's saved scheme, counting the reads. */
function stubWindow() {
  const reads = { localStorage: 0 };
  vi.stubGlobal('window', {
    get localStorage() {
      reads.localStorage += 1;
      return { getItem: () => 'dark', setItem: () => undefined };
    },
  });
  return reads;
}

const draw = (props: Record<string, unknown>) =>
  renderToStaticMarkup(createElement(MantineProvider, { theme, defaultColorScheme: 'light', ...props }, createElement('p', null, 'month')));

describe("the app's colour scheme", () => {
  it('is light without a read of localStorage', () => {
    const reads = stubWindow();
    expect(lightOnly.get('dark')).toBe('light');
    expect(draw({ colorSchemeManager: lightOnly })).toContain('<p>month</p>');
    expect(reads.localStorage).toBe(0);
  });

  it("is read from localStorage in the first render by Mantine's own manager", () => {
    const reads = stubWindow();
    draw({});
    expect(reads.localStorage).toBe(1);
  });
});
