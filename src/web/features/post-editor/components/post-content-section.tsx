import { Button, Group, Paper, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceFloppy, IconPencil, IconSparkles } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NETWORK_RULES } from '@shared/domain/networks';
import { capitalize, PLATFORM_LABELS } from '@shared/domain/options';
import { POST_LIMITS, type Post } from '@shared/schemas/post';
import { StatusBadge } from '../../../components/status-badge';
import { useCopyText } from '../hooks/use-copy-text';
import type { PostEditorState } from '../hooks/use-post-editor';
import { CharacterCount } from './character-count';
import { EditorSection } from './editor-section';
import { HashtagsField, HashtagsLine, normaliseHashtag } from './hashtags-field';
import { PlatformIcon } from './platform-icon';
import classes from './post-editor.module.css';
import { RegenerateForm } from './regenerate-form';

export interface PostContentSectionProps {
  post: Post;
  editor: PostEditorState;
  archived: boolean;
}

/** What is copied: the text, and the hashtags when the text does not already carry them. */
export function copyableText(content: string, hashtags: string[]): string {
  const missing = hashtags.filter((tag) => !content.includes(tag));
  return missing.length > 0 ? `${content}\n\n${missing.join(' ')}` : content;
}

/** Platform and type, the text (as text, never HTML), edit / save / cancel, copy, regenerate, live count. */
export function PostContentSection({ post, editor, archived }: PostContentSectionProps) {
  const { copied, copy } = useCopyText();
  const [regenerateOpen, setRegenerateOpen] = useState(false);
  const [tagSearch, setTagSearch] = useState('');
  const pendingTag = normaliseHashtag(tagSearch);
  const newTag = pendingTag !== null && !editor.draftHashtags.includes(pendingTag) ? [pendingTag] : [];
  const counterId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editor.editing);
  const empty = editor.draftContent.trim() === '';
  // A network without hashtags (Google Business Profile) offers no field for them, unless some are there to remove.
  const hashtagsOffered = NETWORK_RULES[post.platform].hashtagCap > 0 || editor.draftHashtags.length > 0;

  // Leaving edit mode removes the focused textarea: put focus back on Edit so keyboard users are not lost.
  useEffect(() => {
    if (wasEditing.current && !editor.editing) editButton.current?.focus();
    wasEditing.current = editor.editing;
  }, [editor.editing]);

  const startEditing = () => {
    setRegenerateOpen(false);
    setTagSearch('');
    editor.startEditing();
  };
  const save = async () => {
    if (await editor.save(newTag)) setTagSearch('');
  };
  const regenerate = async (instructions: string) => {
    if (await editor.rewrite(instructions)) setRegenerateOpen(false);
  };

  return (
    <EditorSection title="Post Content">
      <Group gap="xs">
        <StatusBadge tone="brand" icon={<PlatformIcon platform={post.platform} size={12} />}>
          {PLATFORM_LABELS[post.platform]}
        </StatusBadge>
        <StatusBadge tone="neutral">{capitalize(post.type)}</StatusBadge>
      </Group>

      {editor.editing ? (
        <>
          <Textarea
            label="Post text"
            autosize
            minRows={6}
            maxRows={18}
            maxLength={POST_LIMITS.content}
            value={editor.draftContent}
            onChange={(event) => editor.setContent(event.currentTarget.value)}
            error={empty ? 'Post text cannot be empty.' : undefined}
            aria-describedby={counterId}
            readOnly={editor.savingText}
            autoFocus
          />
          {hashtagsOffered ? (
            <HashtagsField
              value={editor.draftHashtags}
              onChange={editor.setHashtags}
              search={tagSearch}
              onSearchChange={setTagSearch}
              disabled={editor.savingText}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {PLATFORM_LABELS[post.platform]} posts have no hashtags.
            </Text>
          )}
        </>
      ) : (
        <>
          <Paper withBorder p="md" bg="gray.0">
            <Text className={classes.postText} data-testid="post-text">
              {post.content}
            </Text>
          </Paper>
          {hashtagsOffered && <HashtagsLine hashtags={post.hashtags} />}
        </>
      )}
      <CharacterCount id={counterId} content={editor.draftContent} hashtags={editor.draftHashtags} platform={post.platform} />

      <Group gap="xs">
        {editor.editing ? (
          <>
            <Button
              onClick={() => void save()}
              disabled={!(editor.textDirty || newTag.length > 0) || empty}
              loading={editor.savingText}
              leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
            >
              Save
            </Button>
            <Button variant="default" onClick={editor.cancelEditing} disabled={editor.savingText}>
              Cancel
            </Button>
          </>
        ) : (
          <Button ref={editButton} onClick={startEditing} disabled={archived} leftSection={<IconPencil size={16} aria-hidden="true" />}>
            Edit
          </Button>
        )}
        <Button
          variant="default"
          onClick={() => void copy(copyableText(editor.draftContent, editor.draftHashtags))}
          leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
        >
          {copied ? 'Copied!' : 'Copy'}
        </Button>
        <Button
          variant="default"
          onClick={() => setRegenerateOpen(true)}
          disabled={archived || editor.editing || editor.rewriting}
          aria-expanded={regenerateOpen}
          leftSection={<IconSparkles size={16} aria-hidden="true" />}
        >
          Regenerate
        </Button>
      </Group>
      <VisuallyHidden role="status">{copied ? 'Post text copied to the clipboard' : ''}</VisuallyHidden>

      {regenerateOpen && !archived && (
        <RegenerateForm running={editor.rewriting} onCancel={() => setRegenerateOpen(false)} onSubmit={(instructions) => void regenerate(instructions)} />
      )}
    </EditorSection>
  );
}
