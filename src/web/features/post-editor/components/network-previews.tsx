import { Button, Tabs, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { NETWORK_RULES } from '@shared/domain/networks';
import { PLATFORMS } from '@shared/domain/options';
import type { Post, PostEvent } from '@shared/schemas/post';
import { NetworkPreview } from '../../../components/network-preview';
import { useMe } from '../../../lib/queries/me';
import { EditorSection } from './editor-section';

/** Every network's label, from the registry: 'Facebook, X/Twitter, …, Mastodon and Threads'. */
const NETWORK_NAMES = new Intl.ListFormat('en', { type: 'conjunction' })
  .format(PLATFORMS.map((platform) => NETWORK_RULES[platform].label))
  .replace(', and ', ' and ');

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
  const image = post.media.find((item) => item.type === 'image');
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
              <NetworkPreview platform={platform} company={company} content={content} hashtags={hashtags} media={image} event={event} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </EditorSection>
  );
}
