/** Every route of the web app, in one place. */
export const paths = {
  login: '/login',
  /** Asking for a reset link, and setting the new password from it: views of the login document. */
  forgotPassword: '/login?step=forgot',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  workspace: '/workspace',
  month: (id: string, options: { archived?: boolean; tab?: string } = {}) => {
    const query = new URLSearchParams();
    if (options.archived) query.set('archived', 'true');
    if (options.tab) query.set('tab', options.tab);
    const search = query.toString();
    return `/month/${encodeURIComponent(id)}${search ? `?${search}` : ''}`;
  },
  library: '/library',
  analytics: '/analytics',
  settings: '/settings',
  feedback: '/feedback',
} as const;
