import type { Profile, ProfileInput } from '@shared/schemas/profile';
import { AppError } from '../../errors';
import { MEDIA_URL_PREFIX, type MediaService } from '../media/media-service';
import { NEW_PROFILE, type ProfileRepository } from './profile-repository';

const LOGO_MESSAGE = 'The logo must be one of your uploaded images (JPG, PNG, GIF or WebP).';

interface Deps {
  profiles: ProfileRepository;
  /** Finds the logo among the user's own stored files. */
  media: Pick<MediaService, 'locate'>;
  now?: () => Date;
}

export function createProfileService({ profiles, media, now = () => new Date() }: Deps) {
  async function get(userId: string): Promise<Profile> {
    return (await profiles.find(userId)) ?? NEW_PROFILE;
  }

  /** The logo must name an image this user uploaded; anything else is a 400 naming the field. */
  async function checkLogo(userId: string, logo: string | null | undefined): Promise<void> {
    if (!logo) return;
    const file = await media.locate(userId, logo.slice(MEDIA_URL_PREFIX.length)).catch(() => undefined);
    if (!file?.mime.startsWith('image/')) throw new AppError('bad_request', `Invalid json. brandLogo: ${LOGO_MESSAGE}`, { brandLogo: LOGO_MESSAGE });
  }

  return {
    get,
    /** Onboarding submit: the whole questionnaire, marking onboarding complete. */
    async complete(userId: string, input: ProfileInput): Promise<Profile> {
      await checkLogo(userId, input.brandLogo);
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
      await checkLogo(userId, input.brandLogo);
      const current = await get(userId);
      await profiles.merge(userId, { ...input, completedOnboarding: current.completedOnboarding, updatedAt: now().toISOString() });
      return get(userId);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
