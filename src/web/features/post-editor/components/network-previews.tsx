import { Avatar, Button, Group, Tabs, Text } from '@mantine/core';
import { Fragment, useId, useState } from 'react';
import { COUNT_NOUN, feedText, NETWORK_RULES, publishedText } from '@shared/domain/networks';
import { countLength } from '@shared/domain/text-length';
import { PLATFORMS, type Platform } from '@shared/domain/options';
import type { Post } from '@shared/schemas/post';
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
  text: string;
  imageUrl: string | undefined;
}

function Preview({ platform, company, text, imageUrl }: PreviewProps) {
  const rules = NETWORK_RULES[platform];
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
      {rules.preview.mediaFirst && <strong>{name} </strong>}
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
          {image ?? <div className={classes.noImage}>{rules.label} posts need an image or video</div>}
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
export function NetworkPreviews({ post, content, hashtags }: { post: Post; content: string; hashtags: string[] }) {
  const me = useMe();
  // Folded until asked for: the drawer is long, and the previews repeat the text.
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const company = me.data?.profile?.companyName.trim() || 'Your company';
  const text = publishedText(content.trimEnd(), hashtags);
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
          <Tabs.List grow style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {PLATFORMS.map((platform) => (
              <Tabs.Tab key={platform} value={platform} px="xs" fz="sm">
                {NETWORK_RULES[platform].label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {PLATFORMS.map((platform) => (
            <Tabs.Panel key={platform} value={platform} pt="sm">
              <Preview platform={platform} company={company} text={text} imageUrl={imageUrl} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </EditorSection>
  );
}
