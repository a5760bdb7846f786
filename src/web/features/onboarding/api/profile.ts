import { useMutation } from '@tanstack/react-query';
import type { Profile, ProfileInput } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

export async function saveProfile(input: ProfileInput): Promise<Profile> {
  return readJson<Profile>(await api.profile.$put({ json: input }));
}

export async function skipOnboarding(): Promise<Profile> {
  return readJson<Profile>(await api.profile.skip.$post());
}

/** Reads the stored record back: the verification step of onboarding. */
export async function fetchProfile(): Promise<Profile> {
  return readJson<Profile>(await api.profile.$get());
}

export function useSaveProfile() {
  return useMutation({ mutationFn: saveProfile });
}
