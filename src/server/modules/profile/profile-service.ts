import type { Profile, ProfileInput } from '@shared/schemas/profile';
import { NEW_PROFILE, type ProfileRepository } from './profile-repository';

export function createProfileService({ profiles, now = () => new Date() }: { profiles: ProfileRepository; now?: () => Date }) {
  async function get(userId: string): Promise<Profile> {
    return (await profiles.find(userId)) ?? NEW_PROFILE;
  }

  return {
    get,

    /** Onboarding submit: the whole questionnaire, marking onboarding complete. */
    async complete(userId: string, input: ProfileInput): Promise<Profile> {
      await profiles.merge(userId, { ...input, completedOnboarding: true, updatedAt: now().toISOString() });
      return get(userId);
    },

    /** "Skip for now": empty name and company, onboarding complete, everything else kept. */
    async skip(userId: string): Promise<Profile> {
      await profiles.merge(userId, { name: '', companyName: '', completedOnboarding: true, updatedAt: now().toISOString() });
      return get(userId);
    },

    /** Settings: edit the profile without touching the onboarding flag. */
    async update(userId: string, input: ProfileInput): Promise<Profile> {
      const current = await get(userId);
      await profiles.merge(userId, { ...input, completedOnboarding: current.completedOnboarding, updatedAt: now().toISOString() });
      return get(userId);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
