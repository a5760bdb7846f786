/**
 * The app's provider does not write the theme's CSS variables (withCssVariables={false}): they are a
 * static sheet, theme-variables.css. This keeps the sheet equal to what Mantine would write.
 */
import { MantineProvider } from '@mantine/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';

/** Without comments, whitespace or the kind of quotes, which the formatter changes. */
const normalise = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, '')
    .replaceAll('"', "'");

describe("the theme's CSS variables", () => {
  it("are in theme-variables.css as Mantine's provider writes them", () => {
    const html = renderToStaticMarkup(createElement(MantineProvider, { theme, defaultColorScheme: 'light' }, null));
    const written = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(written).toContain('--mantine-color-brand-8');
    const sheet = readFileSync(path.join(import.meta.dirname, 'theme-variables.css'), 'utf8');
    if (normalise(sheet) !== normalise(written)) console.log(`theme-variables.css should hold:\n${written}`);
    expect(normalise(sheet)).toBe(normalise(written));
  });
});
