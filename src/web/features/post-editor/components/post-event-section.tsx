import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useId } from 'react';
import { dateOnly } from '@shared/domain/months';
import { NETWORK_RULES } from '@shared/domain/networks';
import { POST_EVENT_LIMITS, postEventSchema, type Post, type PostEvent, type PostEventKind } from '@shared/schemas/post';
import type { PostEditorState } from '../hooks/use-post-editor';
import { EditorSection } from './editor-section';

type PostKind = PostEventKind | 'update';
const KINDS: { value: PostKind; label: string }[] = [
  { value: 'update', label: 'Update' },
  { value: 'offer', label: 'Offer' },
  { value: 'event', label: 'Event' },
];
const OFFER_FIELDS = ['couponCode', 'redeemUrl', 'terms'] as const;

/** The event as the server keeps it: its fields in order, offer fields only on an offer and only when given. */
function draftOf(kind: PostEventKind, fields: Partial<PostEvent>, day: string): PostEvent {
  const event: PostEvent = { kind, title: fields.title ?? '', startDate: fields.startDate ?? day, endDate: fields.endDate ?? day };
  if (kind === 'offer') for (const field of OFFER_FIELDS) if (fields[field]) event[field] = fields[field];
  return event;
}

/** What the server would say about each field, keyed by field, shown as the user types. */
function problemsOf(event: PostEvent | null): Partial<Record<keyof PostEvent, string>> {
  const result = event ? postEventSchema.safeParse(event) : null;
  if (!result || result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

export interface PostEventSectionProps {
  post: Post;
  editor: PostEditorState;
  archived: boolean;
}

/**
 * Google Business Profile's post types: an update, an offer (title, days, and optionally a code, a link
 * and terms) or an event (title and days). Saved on its own, with the version the editor saw.
 */
export function PostEventSection({ post, editor, archived }: PostEventSectionProps) {
  const labelId = useId();
  const event = editor.eventValue;
  const day = dateOnly(post.date);
  const problems = problemsOf(event);
  const invalid = Object.keys(problems).length > 0;
  const busy = editor.savingEvent;
  const change = (fields: Partial<PostEvent>) => event && editor.setEvent(draftOf(event.kind, { ...event, ...fields }, day));
  const changeKind = (kind: PostKind) => editor.setEvent(kind === 'update' ? null : draftOf(kind, event ?? {}, day));
  const text = (field: 'title' | 'couponCode' | 'redeemUrl' | 'terms') => ({
    value: event?.[field] ?? '',
    onChange: (input: { currentTarget: { value: string } }) => change({ [field]: input.currentTarget.value }),
    // An empty title is marked required; its message waits until something was typed.
    error: field === 'title' && !event?.title ? undefined : problems[field],
    disabled: archived,
    readOnly: busy,
  });
  const dateInput = (field: 'startDate' | 'endDate') => ({
    type: 'date',
    value: event?.[field] ?? '',
    onChange: (input: { currentTarget: { value: string } }) => change({ [field]: input.currentTarget.value }),
    error: problems[field],
    disabled: archived,
    readOnly: busy,
  });

  return (
    <EditorSection title="Post type">
      <Stack gap={6}>
        <Text size="sm" id={labelId}>
          What this {NETWORK_RULES[post.platform].label} post is
        </Text>
        <SegmentedControl
          aria-labelledby={labelId}
          data={KINDS}
          value={event?.kind ?? 'update'}
          onChange={(value) => changeKind(value as PostKind)}
          disabled={archived || busy}
          fullWidth
        />
      </Stack>
      {event && (
        <>
          <TextInput label={event.kind === 'offer' ? 'Offer title' : 'Event title'} required maxLength={POST_EVENT_LIMITS.title} {...text('title')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Starts" required {...dateInput('startDate')} />
            <TextInput label="Ends" required {...dateInput('endDate')} />
          </SimpleGrid>
          {event.kind === 'offer' && (
            <>
              <TextInput label="Coupon code" description="Optional" maxLength={POST_EVENT_LIMITS.couponCode} {...text('couponCode')} />
              <TextInput
                label="Link to redeem the offer"
                description="Optional. A full web address, like https://example.com/offer"
                type="url"
                maxLength={POST_EVENT_LIMITS.redeemUrl}
                {...text('redeemUrl')}
              />
              <Textarea label="Terms and conditions" description="Optional" autosize minRows={2} maxLength={POST_EVENT_LIMITS.terms} {...text('terms')} />
            </>
          )}
        </>
      )}
      {editor.eventDirty && (
        <Group gap="xs">
          <Button onClick={() => void editor.saveEvent()} disabled={invalid} loading={busy} leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}>
            Save post type
          </Button>
          <Button variant="default" onClick={editor.cancelEvent} disabled={busy}>
            Cancel
          </Button>
        </Group>
      )}
    </EditorSection>
  );
}
