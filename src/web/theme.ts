import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Indigo whose filled shade (8) passes WCAG AA with white text (5.7:1), unlike Mantine's default blue. */
const brand: MantineColorsTuple = ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#4c6ef5', '#4263eb', '#3b5bdb', '#364fc7'];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 7 },
  colors: { brand },
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    // Mantine's defaults: an unnamed close button and description text at 3.3:1; both fixed for every toast.
    // A plain object, not Notification.extend(), so the theme does not pull the component into the login page.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});
