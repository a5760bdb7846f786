import type { Platform } from '../../../../shared/domain/options';
import { PLATFORM_STYLE } from '../platforms';
import classes from './month-calendar.module.css';

export function PlatformPill({ platform }: { platform: Platform }) {
  const style = PLATFORM_STYLE[platform];
  return (
    <span className={classes.pill} style={{ background: style.background, color: style.color }}>
      <style.icon size={12} stroke={2} aria-hidden="true" />
      <span>{style.label}</span>
    </span>
  );
}
