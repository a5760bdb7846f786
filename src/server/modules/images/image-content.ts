import { createHash } from 'node:crypto';
import { NETWORKS, type ImageSize, type Network } from '@shared/networks';
import type { ImageTemplate } from '@shared/schemas/images';
import type { Post } from '@shared/schemas/post';
import type { ImageContent } from './brand-kit';
import { TEXT_LIMITS } from './text-bounds';

/** Only this much of a post is looked at for its image's words (the renderer cuts each part further). */
const READ_CHARS = 4000;

/** Hashtags and links belong to the caption, not to the picture. */
function plain(text: string): string {
  return text
    .replace(/https?:\/\/\S+/g, '')
    .replace(/(^|\s)#[\p{L}\p{N}_]+/gu, '$1')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** The post's sentences (and lines): a line break ends one as a full stop does. */
function sentencesOf(text: string): string[] {
  return plain(text.slice(0, READ_CHARS))
    .split(/\n+|(?<=[.!?…])\s+/u)
    .map((part) => part.trim())
    .filter((part) => /[\p{L}\p{N}]/u.test(part));
}

/** "12 Dec 2026" from a calendar day (YYYY-MM-DD), in words anyone reads. */
function day(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The words an image of the post carries: its first sentence as the headline, the next one under it,
 * the sentences after the headline as a carousel's points; an offer or event shows its title and dates instead.
 */
export function contentOf(post: Pick<Post, 'content' | 'event'>): ImageContent {
  const sentences = sentencesOf(post.content);
  // The headline tops every slide, so the points are the sentences after it (all of them when there is one).
  const points = (sentences.length > 1 ? sentences.slice(1) : sentences).slice(0, TEXT_LIMITS.points);
  if (post.event) {
    const dates = post.event.startDate === post.event.endDate ? day(post.event.startDate) : `${day(post.event.startDate)} – ${day(post.event.endDate)}`;
    return { headline: post.event.title, body: post.event.couponCode ? `${dates} · Code ${post.event.couponCode}` : dates, points };
  }
  return { headline: sentences[0] ?? plain(post.content).slice(0, TEXT_LIMITS.headline), body: sentences[1] ?? '', points };
}

/** The template a generation's batch picks for a post: its kind when it has one, else a steady choice by its id. */
export function batchTemplateOf(post: Pick<Post, 'id' | 'type' | 'event'>): ImageTemplate {
  if (post.type === 'carousel') return 'carousel';
  if (post.event) return post.event.kind;
  const choices = ['tip', 'quote', 'announcement'] as const;
  return choices[createHash('sha256').update(post.id).digest()[0]! % choices.length]!;
}

/** The size an image for the post is made at (its network's first), and its format (JPEG where the network takes only that). */
export function formatOf(post: Pick<Post, 'platform' | 'scheduledPlatform'>): { size: ImageSize; format: 'png' | 'jpeg' } {
  const platform = post.scheduledPlatform ?? post.platform;
  const network = NETWORKS[platform] as Network;
  const size = network.imageSizes[0];
  return { size: { width: size.width, height: size.height }, format: network.madeImageFormat ?? 'png' };
}

/** The posts a generation's batch makes images for: image and carousel posts that have no media yet. */
export const wantsImage = (post: Pick<Post, 'type' | 'media'>) => (post.type === 'image' || post.type === 'carousel') && post.media.length === 0;
