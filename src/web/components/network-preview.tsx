import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Fragment, useState } from 'react';
import { COUNT_NOUN, feedText, NETWORK_RULES, publishedText } from '@shared/domain/networks';
import { countLength } from '@shared/domain/text-length';
import type { Platform } from '@shared/domain/options';
import { takesEvents } from '@shared/networks';
import type { MediaItem, PostEvent } from '@shared/schemas/post';
import classes from './network-preview.module.css';

/** Hashtags in the network's link colour. */
function Highlighted({ text }: { text: string }) {
  return (
    <>
      {text.split(/(#[^\s#]+)/u).map((part, index) =>
        part.startsWith('#') ? (
          <span key={index} className={classes.tag}>
            {part}
          </span>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export interface NetworkPreviewProps {
  platform: Platform;
  company: string;
  content: string;
  hashtags: string[];
  /** The first image or video, shown in the network's feed shape. */
  media: Pick<MediaItem, 'type' | 'url'> | undefined;
  event: PostEvent | null;
  /** The feed's 'more' opens the whole text, as on the network (the review page); the editor has the text beside it. */
  expandable?: boolean;
  /** The length as the network counts it, under the card (the editor). */
  showCount?: boolean;
}

let dayFormat: Intl.DateTimeFormat | undefined;
const showDay = (day: string) =>
  (dayFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })).format(new Date(`${day}T12:00:00Z`));

/** An offer's or event's title, days, and an offer's code, as a local post shows them above its text. */
function EventHeading({ event }: { event: PostEvent }) {
  const days = event.startDate === event.endDate ? showDay(event.startDate) : `${showDay(event.startDate)} – ${showDay(event.endDate)}`;
  return (
    <div className={classes.event}>
      <Text size="md" fw={700} lh={1.3}>
        {event.title}
      </Text>
      <Text size="xs" c="dimmed">
        {event.kind === 'offer' ? 'Offer' : 'Event'} · {days}
      </Text>
      {event.couponCode && (
        <div className={classes.coupon}>
          <Text size="xs" c="dimmed">
            Show this code at the store
          </Text>
          <Text fw={700}>{event.couponCode}</Text>
        </div>
      )}
    </div>
  );
}

/** How a post will look in one network's feed: the account line, the text as the feed cuts it, the first image or video. */
export function NetworkPreview({ platform, company, content, hashtags, media, event, expandable = false, showCount = true }: NetworkPreviewProps) {
  const [expanded, setExpanded] = useState(false);
  const rules = NETWORK_RULES[platform];
  // A network without hashtags (Google Business Profile) shows none.
  const text = publishedText(content.trimEnd(), rules.hashtagCap === 0 ? [] : hashtags);
  const feed = feedText(platform, text);
  const { shown, cut } = expanded ? { shown: text, cut: false } : feed;
  const initial = company.trim().charAt(0).toUpperCase() || '?';
  const name = company.toLowerCase().replace(/[^a-z0-9]/g, '') || 'yourcompany';
  const byline = rules.preview.byline.replace('{name}', name);
  const length = countLength(rules.counting, text);
  const visual = media && (
    <div className={classes.frame} style={{ aspectRatio: String(rules.imageRatio) }}>
      {media.type === 'image' ? (
        <img src={media.url} alt={`First image, cropped to ${rules.label}'s feed shape`} className={classes.image} />
      ) : (
        <video src={media.url} controls preload="metadata" aria-label={`First video, in ${rules.label}'s feed shape`} className={classes.image} />
      )}
    </div>
  );
  const more =
    cut &&
    (expandable ? (
      <UnstyledButton className={classes.moreButton} onClick={() => setExpanded(true)}>
        {/[a-z]/i.test(rules.feedCut.more) ? rules.feedCut.more : '… Show all'}
        <VisuallyHidden> (the whole text)</VisuallyHidden>
      </UnstyledButton>
    ) : (
      <span className={classes.more}>{rules.feedCut.more}</span>
    ));
  const body = (
    <Text size="sm" className={classes.text} component="div">
      {rules.preview.handleBeforeText && <strong>{name} </strong>}
      <Highlighted text={shown} />
      {more}
    </Text>
  );
  return (
    <div className={classes.card} data-network={platform} data-testid={`preview-${platform}`}>
      <Group gap="sm" wrap="nowrap" className={classes.account}>
        <Avatar radius="xl" size={36} color="brand" aria-hidden="true">
          {initial}
        </Avatar>
        <div>
          <Text size="sm" fw={700} lh={1.2}>
            {company}
          </Text>
          <Text size="xs" c="dimmed" lh={1.3}>
            {byline}
          </Text>
        </div>
      </Group>
      {rules.preview.mediaFirst ? (
        <>
          {visual ?? (rules.preview.needsMedia && <div className={classes.noImage}>{rules.label} posts need an image or video</div>)}
          {event && takesEvents(platform) && <EventHeading event={event} />}
          {body}
        </>
      ) : (
        <>
          {body}
          {visual}
        </>
      )}
      {showCount && rules.counting !== 'characters' && (
        <Text size="xs" c={length > rules.maxLength ? 'red.9' : 'dimmed'} ta="right">
          {length} / {rules.maxLength} {COUNT_NOUN[rules.counting]}
        </Text>
      )}
    </div>
  );
}
