import { Avatar, Button, Group, Tabs, Text } from '@mantine/core';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { COUNT_NOUN, feedText, NETWORK_RULES, publishedText } from '@shared/domain/networks';
import { countLength } from '@shared/domain/text-length';
import { PLATFORMS, type Platform } from '@shared/domain/options';
import { takesEvents } from '@shared/networks';
import type { Post, PostEvent } from '@shared/schemas/post';
import { useMe } from '../../../lib/queries/me';
import { EditorSection } from './editor-section';
import classes from './network-previews.module.css';

/** Every network's label, from the registry: 'Facebook, X/Twitter, …, Mastodon and Threads'. */
const NETWORK_NAMES = new Intl.ListFormat('en', { type: 'conjunction' })
  .format(PLATFORMS.map((platform) => NETWORK_RULES[platform].label))
  .replace(', and ', ' and ');

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

interface PreviewProps {
  platform: Platform;
  company: string;
  content: string;
  hashtags: string[];
  imageUrl: string | undefined;
  event: PostEvent | null;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const showDay = (day: string) => dayFormat.format(new Date(`${day}T12:00:00Z`));

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

function Preview({ platform, company, content, hashtags, imageUrl, event }: PreviewProps) {
  const rules = NETWORK_RULES[platform];
  // A network without hashtags (Google Business Profile) shows none.
  const text = publishedText(content.trimEnd(), rules.hashtagCap === 0 ? [] : hashtags);
  const { shown, cut } = feedText(platform, text);
  const initial = company.trim().charAt(0).toUpperCase() || '?';
  const name = company.toLowerCase().replace(/[^a-z0-9]/g, '') || 'yourcompany';
  const byline = rules.preview.byline.replace('{name}', name);
  const length = countLength(rules.counting, text);
  const image = imageUrl && (
    <div className={classes.frame} style={{ aspectRatio: String(rules.imageRatio) }}>
      <img src={imageUrl} alt={`First image, cropped to ${rules.label}'s feed shape`} className={classes.image} />
    </div>
  );
  const body = (
    <Text size="sm" className={classes.text} component="div">
      {rules.preview.handleBeforeText && <strong>{name} </strong>}
      <Highlighted text={shown} />
      {cut && <span className={classes.more}>{rules.feedCut.more}</span>}
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
          {image ?? (rules.preview.needsMedia && <div className={classes.noImage}>{rules.label} posts need an image or video</div>)}
          {event && takesEvents(platform) && <EventHeading event={event} />}
          {body}
        </>
      ) : (
        <>
          {body}
          {image}
        </>
      )}
      {rules.counting !== 'characters' && (
        <Text size="xs" c={length > rules.maxLength ? 'red.9' : 'dimmed'} ta="right">
          {length} / {rules.maxLength} {COUNT_NOUN[rules.counting]}
        </Text>
      )}
    </div>
  );
}

/** How the post will look in each network's feed, following the text as it is edited. */
export function NetworkPreviews({ post, content, hashtags, event }: { post: Post; content: string; hashtags: string[]; event: PostEvent | null }) {
  const me = useMe();
  // Folded until asked for: the drawer is long, and the previews repeat the text.
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const tabList = useRef<HTMLDivElement>(null);
  // The post's own tab may be past the right edge (Google Business Profile, the last): bring it into view.
  useEffect(() => {
    if (open) tabList.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [open]);
  const company = me.data?.profile?.companyName.trim() || 'Your company';
  const imageUrl = post.media.find((item) => item.type === 'image')?.url;
  const toggle = (
    <Button variant="subtle" size="compact-sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((shown) => !shown)}>
      {open ? 'Hide previews' : 'Show previews'}
    </Button>
  );
  return (
    <EditorSection title="Network previews" action={toggle}>
      {!open ? (
        <Text size="sm" c="dimmed" id={panelId}>
          See how this post will look on {NETWORK_NAMES}.
        </Text>
      ) : (
        <Tabs id={panelId} defaultValue={post.platform} keepMounted={false}>
          <Tabs.List ref={tabList} grow style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {PLATFORMS.map((platform) => (
              <Tabs.Tab key={platform} value={platform} px="xs" fz="sm">
                {NETWORK_RULES[platform].label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {PLATFORMS.map((platform) => (
            <Tabs.Panel key={platform} value={platform} pt="sm">
              <Preview platform={platform} company={company} content={content} hashtags={hashtags} imageUrl={imageUrl} event={event} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </EditorSection>
  );
}
