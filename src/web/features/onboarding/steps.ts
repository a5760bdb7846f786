/** The four steps of the wizard, with the spec's headings and descriptions. */
export const ONBOARDING_STEPS = [
  { heading: 'Company Basics', description: 'Provide basic information about your company.' },
  { heading: 'Brand Details', description: 'Define your brand details and preferences.' },
  { heading: 'Audience Insights', description: 'Describe your target audience and business goals.' },
  { heading: 'Connect Accounts', description: 'Connect your accounts to integrate services.' },
] as const;

/** Status and error texts from the spec (sections 2, 4 and 8), word for word. */
export const ONBOARDING_TEXT = {
  saving: 'Saving your information...',
  verifying: 'Verifying save...',
  saved: 'Save successful, redirecting...',
  missing: 'Error: Failed to save data',
  flagNotSet: 'Error: Onboarding status not saved',
  saveException: 'Error saving data',
  skipSaving: 'Saving minimal information...',
  skipVerifying: 'Verifying...',
  skipRedirecting: 'Redirecting...',
  skipNotSaved: 'Error: Failed to save skip status',
  skipException: 'Error processing skip',
} as const;

/** Long enough for a status to be read, short enough not to feel like waiting. */
export const STATUS_READ_MS = 600;
