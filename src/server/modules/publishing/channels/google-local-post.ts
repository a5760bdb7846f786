import { GOOGLE_BUSINESS_BUTTONS, type GoogleBusinessButton } from '@shared/networks';
import type { CallToAction } from '@shared/domain/options';
import { POST_LANGUAGE_CODES } from '@shared/domain/languages';
import type { ChannelContent } from './channel';

/**
 * A post as a Google Business Profile LocalPost (my-business/reference/rest/v4/accounts.locations.localPosts):
 * the body of localPosts.create. This is the one place a post becomes a LocalPost: an event or offer the
 * post carries (topicType EVENT or OFFER with its `event`, and `offer`) is added in `topicOf`.
 */
export interface LocalPostBody {
  languageCode: string;
  summary: string;
  topicType: 'STANDARD' | 'EVENT' | 'OFFER';
  callToAction?: { actionType: GoogleBusinessButton; url?: string };
  media?: { mediaFormat: 'PHOTO'; sourceUrl: string }[];
}

/** The post's topic: a standard update. A post that carries an event or an offer maps to EVENT or OFFER with its details here. */
function topicOf(_content: ChannelContent): Pick<LocalPostBody, 'topicType'> {
  return { topicType: 'STANDARD' };
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
export function buttonOf(callsToAction: readonly CallToAction[], websites: { location: string | null; profile: string }): LocalPostBody['callToAction'] {
  const url = webAddress(websites.location) ?? webAddress(websites.profile);
  for (const callToAction of callsToAction) {
    const actionType = GOOGLE_BUSINESS_BUTTONS[callToAction];
    if (actionType === null) continue;
    if (actionType === 'CALL') return { actionType };
    if (url) return { actionType, url };
  }
  return undefined;
}

/** The LocalPost for a post: its text as the summary, in the profile's post language, its button, and its photo's signed link. */
export function localPostOf(content: ChannelContent, locationWebsite: string | null, photoUrl: string | undefined): LocalPostBody {
  const callToAction = buttonOf(content.callsToAction, { location: locationWebsite, profile: content.website });
  return {
    languageCode: POST_LANGUAGE_CODES[content.language],
    summary: content.text,
    ...topicOf(content),
    ...(callToAction ? { callToAction } : {}),
    ...(photoUrl ? { media: [{ mediaFormat: 'PHOTO' as const, sourceUrl: photoUrl }] } : {}),
  };
}
