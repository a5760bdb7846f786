import { GOOGLE_BUSINESS_BUTTONS } from '@shared/networks';
import { localPostTopic, type LocalPostTopic } from '@shared/networks/google-local-post';
import type { CallToAction } from '@shared/domain/options';
import { POST_LANGUAGE_CODES } from '@shared/domain/languages';
import type { ChannelContent } from './channel';

/**
 * A post as a Google Business Profile LocalPost (my-business/reference/rest/v4/accounts.locations.localPosts):
 * the body of localPosts.create. This is the one place a post becomes a LocalPost; its topic (an update,
 * or the event or offer the post carries, with or without the button) is `localPostTopic`'s.
 */
export interface LocalPostBody extends LocalPostTopic {
  languageCode: string;
  summary: string;
  media?: { mediaFormat: 'PHOTO'; sourceUrl: string }[];
}

/** An http(s) address from a website as people type it ('example.com' is https://example.com), else undefined. */
function webAddress(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The button: the first of the strategy's calls to action that Google has a button for. CALL dials the
 * listing's phone and takes no link; the others open the location's website, else the company's; a
 * button that needs a link when there is none is passed over. Undefined when none maps (Follow/Subscribe).
 */
export function buttonOf(callsToAction: readonly CallToAction[], websites: { location: string | null; profile: string }): LocalPostTopic['callToAction'] {
  const url = webAddress(websites.location) ?? webAddress(websites.profile);
  for (const callToAction of callsToAction) {
    const actionType = GOOGLE_BUSINESS_BUTTONS[callToAction];
    if (actionType === null) continue;
    if (actionType === 'CALL') return { actionType };
    if (url) return { actionType, url };
  }
  return undefined;
}

/**
 * The LocalPost for a post: its text as the summary (without hashtags, which do nothing on Google), in the
 * profile's post language, its topic and button, and its photo's signed link.
 */
export function localPostOf(
  content: Pick<ChannelContent, 'post' | 'callsToAction' | 'website' | 'language'>,
  locationWebsite: string | null,
  photoUrl: string | undefined,
): LocalPostBody {
  const callToAction = buttonOf(content.callsToAction, { location: locationWebsite, profile: content.website });
  return {
    languageCode: POST_LANGUAGE_CODES[content.language],
    summary: content.post.content,
    ...localPostTopic(content.post.event, callToAction),
    ...(photoUrl ? { media: [{ mediaFormat: 'PHOTO' as const, sourceUrl: photoUrl }] } : {}),
  };
}
