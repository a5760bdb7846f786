import { Switch } from '@mantine/core';
import type { Post } from '@shared/schemas/post';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useMarkEvergreen } from '../../../lib/posts/api/mark-evergreen';

/** The Evergreen flag; it works in archived months too (their best posts are what users bring back). */
export function EvergreenSwitch({ monthId, post }: { monthId: string; post: Post }) {
  const mark = useMarkEvergreen(monthId);
  // The switch follows the click at once; the post's own value once the server has answered.
  const checked = (mark.isPending ? mark.variables.evergreen : undefined) ?? post.evergreen;
  return (
    <Switch
      label="Evergreen"
      description="A post worth showing again: “Fill with evergreen posts” on a later month brings it back, reworded."
      checked={checked}
      disabled={mark.isPending}
      onChange={(event) =>
        mark.mutate(
          { postId: post.id, version: post.version, evergreen: event.currentTarget.checked },
          { onError: (error) => notify({ tone: 'error', title: 'Could not change Evergreen', message: errorMessage(error) }) },
        )
      }
    />
  );
}
