import { Badge } from '@mantine/core';
import { IconPlayerPlayFilled, IconSparkles, IconTemplate } from '@tabler/icons-react';
import type { LibraryFile } from '@shared/schemas/media-library';
import { fileName, sourceLabel } from '../lib/library/library-words';
import classes from './library-thumb.module.css';

/**
 * A library file as a square thumbnail: an image with its description as alt text, a video's first
 * frame; badges in words (never colour alone) for a video and for a made image's source.
 */
export function LibraryThumb({ file }: { file: LibraryFile }) {
  const source = sourceLabel(file);
  const name = file.altText.trim() || fileName(file);
  return (
    <div className={classes.thumb}>
      {file.type === 'image' ? (
        <img src={file.url} alt={name} loading="lazy" />
      ) : (
        // No controls in a grid: the first frame stands for the video; it plays where it is posted.
        <video src={`${file.url}#t=0.1`} preload="metadata" muted playsInline aria-label={`Video: ${name}`} />
      )}
      {file.type === 'video' && (
        <span className={classes.play} aria-hidden="true">
          <IconPlayerPlayFilled size={20} />
        </span>
      )}
      <div className={classes.badges}>
        {file.type === 'video' && (
          <Badge className={classes.badge} size="sm" color="dark.7" variant="filled" leftSection={<IconPlayerPlayFilled size={10} aria-hidden="true" />}>
            Video
          </Badge>
        )}
        {source && (
          <Badge
            className={classes.badge}
            size="sm"
            color={file.source === 'ai' ? 'grape.9' : 'brand.8'}
            variant="filled"
            leftSection={file.source === 'ai' ? <IconSparkles size={10} aria-hidden="true" /> : <IconTemplate size={10} aria-hidden="true" />}
          >
            {source}
          </Badge>
        )}
      </div>
    </div>
  );
}
