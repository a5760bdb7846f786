import type { PostEvent } from '../schemas/post';
import type { GoogleBusinessButton } from './google-business';

/**
 * The topic part of a Google Business Profile LocalPost for a post (developers.google.com/my-business/
 * reference/rest/v4/accounts.locations.localPosts): an update is STANDARD; an event is EVENT with its
 * `event` (title and schedule); an offer is OFFER with its `event` too (Google requires it for both) and
 * an `offer` with what was given of its code, link and terms. Google ignores `callToAction` on an OFFER
 * (the offer's own link and code take its place), so the button is left off there.
 */
export type LocalPostTopicType = 'STANDARD' | 'EVENT' | 'OFFER';

/** google.type.Date: a calendar day without a time zone (the listing's own). */
export interface LocalPostDate {
  year: number;
  month: number;
  day: number;
}

export interface LocalPostTopic {
  topicType: LocalPostTopicType;
  event?: { title: string; schedule: { startDate: LocalPostDate; endDate: LocalPostDate } };
  offer?: { couponCode?: string; redeemOnlineUrl?: string; termsConditions?: string };
  callToAction?: { actionType: GoogleBusinessButton; url?: string };
}

/** '2026-12-05' as google.type.Date. */
export function localPostDate(day: string): LocalPostDate {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
}

export function localPostTopic(event: PostEvent | null, callToAction?: LocalPostTopic['callToAction']): LocalPostTopic {
  const button = callToAction ? { callToAction } : {};
  if (event === null) return { topicType: 'STANDARD', ...button };
  const announced = { title: event.title, schedule: { startDate: localPostDate(event.startDate), endDate: localPostDate(event.endDate) } };
  if (event.kind === 'event') return { topicType: 'EVENT', event: announced, ...button };
  const offer = {
    ...(event.couponCode ? { couponCode: event.couponCode } : {}),
    ...(event.redeemUrl ? { redeemOnlineUrl: event.redeemUrl } : {}),
    ...(event.terms ? { termsConditions: event.terms } : {}),
  };
  return { topicType: 'OFFER', event: announced, ...(Object.keys(offer).length > 0 ? { offer } : {}) };
}
