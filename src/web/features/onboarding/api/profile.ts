import type { ProfileInput } from '@shared/schemas/profile';
import { api, parseResponse } from '../../../lib/api-client';

/** PUT /api/profile: saves the profile and marks onboarding done. */
export function saveProfile(input: ProfileInput) {
  return parseResponse(api.profile.$put({ json: input }));
}

/** POST /api/profile/skip: onboarding done with an empty profile. */
export function skipOnboarding() {
  return parseResponse(api.profile.skip.$post());
}

/** Reads the stored record back: the verification step of onboarding. */
export function fetchProfile() {
  return parseResponse(api.profile.$get());
}
