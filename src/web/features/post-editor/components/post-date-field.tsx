import { Button, Group, TextInput } from '@mantine/core';
import type { PostEditorState } from '../hooks/use-post-editor';
import { monthBounds } from '../format';
import { EditorSection } from './editor-section';

export interface PostDateFieldProps {
  monthId: string;
  editor: PostEditorState;
  archived: boolean;
}

/** Moves the post to another day of its month: the keyboard alternative to dragging it on the calendar. */
export function PostDateField({ monthId, editor, archived }: PostDateFieldProps) {
  const bounds = monthBounds(monthId);
  const value = editor.dateValue;
  const inMonth = bounds !== null && value >= bounds.min && value <= bounds.max && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return (
    <EditorSection title="Post Date">
      <TextInput
        type="date"
        label="Day of the post"
        description="Pick another day of this month to move the post."
        value={value}
        min={bounds?.min}
        max={bounds?.max}
        onChange={(event) => editor.setDate(event.currentTarget.value)}
        error={editor.dateDirty && !inMonth ? 'Pick a day of this month.' : undefined}
        disabled={archived}
        inputContainer={(input) => (
          <Group gap="sm" wrap="nowrap" align="center">
            <div style={{ width: 220 }}>{input}</div>
            <Button onClick={() => void editor.move()} disabled={archived || !editor.dateDirty || !inMonth} loading={editor.movingDate}>
              Move post
            </Button>
          </Group>
        )}
      />
    </EditorSection>
  );
}
