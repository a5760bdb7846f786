import { notify } from '../../../lib/notify';
import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { PLATFORM_LABELS, type Platform } from '@shared/domain/options';
import { SCHEDULE_PLATFORMS } from '@shared/networks';
import type { Post } from '@shared/schemas/post';
import { DEFAULT_SCHEDULE_TIME } from '@shared/schemas/schedule';
import { errorMessage } from '../../../lib/api-error';
import { useDelivery } from '../../../lib/posts/api/delivery';
import { useSchedulePost } from '../../../lib/posts/api/schedule-post';
import { DeliveryDetails } from '../../../components/delivery-status';
import { PublishRefusal, publishRefusal } from '../../../components/publish-refusal';
import type { ApiRequestError } from '../../../lib/api-error';
import { EditorSection } from './editor-section';
import { PlatformIcon } from './platform-icon';

/** The spec's three networks, plus the post's own network when it is another. */
function networksFor(post: Post): Platform[] {
  const networks: Platform[] = [...SCHEDULE_PLATFORMS];
  for (const own of [post.platform, post.scheduledPlatform]) if (own && !networks.includes(own)) networks.push(own);
  return networks;
}

/** One network at a time, at a time of day (09:00 by default); 'Schedule Post' saves it, Unschedule undoes it. */
export function ScheduleSection({ post, monthId, archived }: { post: Post; monthId: string; archived: boolean }) {
  const networks = networksFor(post);
  const [selected, setSelected] = useState<Platform | null>(post.scheduledPlatform ?? (networks.includes(post.platform) ? post.platform : null));
  const [time, setTime] = useState(post.scheduledTime ?? DEFAULT_SCHEDULE_TIME);
  const schedule = useSchedulePost(monthId);
  // A refusal the user must act on (reconnect, change the post) stays until the next try.
  const [refusal, setRefusal] = useState<ApiRequestError | null>(null);
  // A post that went out cannot be unscheduled (the server answers already_published): no button for it.
  const published = useDelivery(post.id).data?.status === 'published';

  const save = async (next: { platform: Platform; time: string } | null) => {
    setRefusal(null);
    try {
      await schedule.mutateAsync({ postId: post.id, schedule: next });
      notify({
        tone: 'success',
        title: next ? 'Post scheduled' : 'Post unscheduled',
        message: next ? `${PLATFORM_LABELS[next.platform]} at ${next.time}.` : 'It is a draft again.',
      });
    } catch (error) {
      const refused = publishRefusal(error);
      if (refused) setRefusal(refused);
      else notify({ tone: 'error', title: 'Could not change the schedule', message: errorMessage(error) });
    }
  };

  return (
    <EditorSection title="Schedule Posts">
      {post.status === 'scheduled' && post.scheduledPlatform && (
        <Alert color="teal" variant="light" icon={<IconCalendarCheck size={18} />} p="xs">
          Scheduled for {PLATFORM_LABELS[post.scheduledPlatform]} at {post.scheduledTime}.
        </Alert>
      )}
      <Stack gap="xs" role="group" aria-label="Network to schedule on">
        {networks.map((platform) => (
          <Checkbox
            key={platform}
            label={
              <Group gap={6} wrap="nowrap" component="span">
                <PlatformIcon platform={platform} size={16} />
                {platform}
              </Group>
            }
            checked={selected === platform}
            onChange={(event) => setSelected(event.currentTarget.checked ? platform : null)}
            disabled={archived}
          />
        ))}
      </Stack>
      <TextInput
        type="time"
        label="Time"
        description="In your time zone."
        value={time}
        onChange={(event) => setTime(event.currentTarget.value || DEFAULT_SCHEDULE_TIME)}
        disabled={archived}
        maw={180}
      />
      <Group>
        <Button onClick={() => selected && void save({ platform: selected, time })} disabled={archived || !selected} loading={schedule.isPending}>
          Schedule Post
        </Button>
        {post.status === 'scheduled' && !published && (
          <Button variant="default" onClick={() => void save(null)} disabled={archived || schedule.isPending}>
            Unschedule
          </Button>
        )}
      </Group>
      {refusal && <PublishRefusal refusal={refusal} title="Could not schedule" onClose={() => setRefusal(null)} />}
      <DeliveryDetails postId={post.id} />
      <Text size="xs" c="dimmed">
        At its time the post is published through the connection its network uses (Settings → Connections). Edits made before then go out as edited.
      </Text>
    </EditorSection>
  );
}
