import { randomInt } from 'node:crypto';
import { fetchMedia } from '../meta/media-fetch';
import { apiRefusal } from './google-errors';

/**
 * What localPosts.create checks in a LocalPost (my-business/reference/rest/v4/accounts.locations.localPosts;
 * my-business/content/posts-data): topicType STANDARD | EVENT | OFFER (ALERT only with alertType COVID_19);
 * summary up to 1,500 characters (the limit of Business Profile posts: the API reference names none, the
 * figure is Google's own post editor's as reported since 2018); callToAction.actionType BOOK | ORDER |
 * SHOP | LEARN_MORE | SIGN_UP | CALL with a url, except CALL, whose url "should be left unset"; `event`
 * (title and schedule) required for EVENT and OFFER; `offer` only with OFFER; media items with
 * mediaFormat PHOTO or VIDEO and a sourceUrl ("the only supported data field"), which Google fetches.
 * Docs silent, chosen here: a url must be absolute http(s); a non-CALL button without one is refused; a
 * photo must be JPEG or PNG of at most 5 MB (figures third-party guides give; no Google page found), a
 * video MP4 or MOV; no minimum pixel size is checked; a
 * media URL that cannot be fetched is INVALID_ARGUMENT on `media[i].source_url`.
 */
export const SUMMARY_MAX = 1500;
export const ACTION_TYPES = ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL'] as const;
const TOPIC_TYPES = ['STANDARD', 'EVENT', 'OFFER', 'ALERT'];
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const VIDEO_MAX_BYTES = 75 * 1024 * 1024;

export interface LocalPost {
  name: string;
  languageCode?: string;
  summary?: string;
  callToAction?: { actionType: string; url?: string };
  createTime: string;
  updateTime: string;
  event?: unknown;
  state: 'LIVE';
  media?: { name: string; mediaFormat: string; sourceUrl: string; googleUrl: string }[];
  searchUrl: string;
  topicType: string;
  alertType?: string;
  offer?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isHttpUrl = (value: unknown) => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const invalid = apiRefusal.invalid;

function checkCallToAction(value: unknown) {
  if (value === undefined) return;
  if (!isObject(value)) throw invalid('call_to_action', 'callToAction must be an object.');
  if (!ACTION_TYPES.includes(value.actionType as (typeof ACTION_TYPES)[number]))
    throw invalid('call_to_action.action_type', `Invalid value at 'local_post.call_to_action.action_type': ${String(value.actionType)}`);
  if (value.actionType === 'CALL') {
    if (value.url !== undefined) throw invalid('call_to_action.url', 'The url must be left unset for a CALL button: it calls the location’s phone number.');
  } else if (!isHttpUrl(value.url)) throw invalid('call_to_action.url', `A ${String(value.actionType)} button needs a valid url.`);
}

function checkEvent(value: unknown, topicType: string) {
  if (value === undefined) {
    if (topicType === 'EVENT' || topicType === 'OFFER') throw invalid('event', `event is required for topic type ${topicType}.`);
    return;
  }
  if (!isObject(value) || typeof value.title !== 'string' || value.title.trim() === '') throw invalid('event.title', 'The event needs a title.');
  const schedule = value.schedule;
  if (!isObject(schedule) || !isObject(schedule.startDate) || !isObject(schedule.endDate))
    throw invalid('event.schedule', 'The event needs a schedule with startDate and endDate.');
  const day = (date: Record<string, unknown>) => Number(date.year) * 10_000 + Number(date.month) * 100 + Number(date.day);
  if (!(day(schedule.endDate) >= day(schedule.startDate))) throw invalid('event.schedule.end_date', 'The event ends before it starts.');
}

/** Fetches each media item as Google would; refuses what it cannot have. */
async function fetchAll(value: unknown, postId: string) {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw invalid('media', 'media must be a list.');
  const items = [];
  for (const [index, item] of value.entries()) {
    if (!isObject(item) || !['PHOTO', 'VIDEO'].includes(String(item.mediaFormat)))
      throw invalid(`media[${index}].media_format`, 'mediaFormat must be PHOTO or VIDEO.');
    if (!isHttpUrl(item.sourceUrl)) throw invalid(`media[${index}].source_url`, 'sourceUrl must be a public http(s) URL.');
    const photo = item.mediaFormat === 'PHOTO';
    const media = await fetchMedia(item.sourceUrl as string, { maxBytes: photo ? PHOTO_MAX_BYTES : VIDEO_MAX_BYTES });
    if (!media) throw invalid(`media[${index}].source_url`, `The media could not be fetched from ${String(item.sourceUrl)}.`);
    const allowed = photo ? ['jpeg', 'png'] : ['mp4', 'mov'];
    if (!media.format || !allowed.includes(media.format)) throw invalid(`media[${index}].source_url`, `Unsupported ${photo ? 'photo' : 'video'} format.`);
    const id = `AF1Qip${postId}${index}`;
    items.push({
      name: `media/${id}`,
      mediaFormat: String(item.mediaFormat),
      sourceUrl: String(item.sourceUrl),
      googleUrl: `https://lh3.googleusercontent.com/p/${id}`,
    });
  }
  return items;
}

/** Checks a create request's body and builds the post, fetching its media. */
export async function buildLocalPost(body: unknown, parent: string, placeId: string, now: Date): Promise<LocalPost> {
  if (!isObject(body)) throw invalid('local_post', 'The request body must be a LocalPost.');
  const topicType = String(body.topicType ?? '');
  if (!TOPIC_TYPES.includes(topicType)) throw invalid('local_post.topic_type', `Invalid topic type: ${topicType || 'unspecified'}.`);
  if (topicType === 'ALERT' && body.alertType !== 'COVID_19') throw invalid('local_post.alert_type', 'An ALERT post needs alertType COVID_19.');
  if (body.summary !== undefined && typeof body.summary !== 'string') throw invalid('local_post.summary', 'summary must be text.');
  const summary = body.summary as string | undefined;
  if (summary !== undefined && [...summary].length > SUMMARY_MAX)
    throw invalid('local_post.summary', `The summary is ${[...summary].length} characters; at most ${SUMMARY_MAX} are allowed.`);
  checkCallToAction(body.callToAction);
  checkEvent(body.event, topicType);
  if (body.offer !== undefined && topicType !== 'OFFER') throw invalid('local_post.offer', 'offer is only for topic type OFFER.');
  const id = String(randomInt(1e9, 1e10 - 1)) + String(randomInt(1e9, 1e10 - 1));
  const media = await fetchAll(body.media, id);
  const time = now.toISOString();
  const copy = <K extends string>(key: K) => (body[key] === undefined ? {} : { [key]: body[key] });
  return {
    name: `${parent}/localPosts/${id}`,
    ...copy('languageCode'),
    ...copy('summary'),
    ...copy('callToAction'),
    createTime: time,
    updateTime: time,
    ...copy('event'),
    state: 'LIVE',
    ...(media ? { media } : {}),
    searchUrl: `https://local.google.com/place?id=${placeId}&use=posts&lpsid=${id}`,
    topicType,
    ...copy('alertType'),
    ...copy('offer'),
  } as LocalPost;
}
