import { notify } from '../../../lib/notify';
import { useEffect, useRef, useState } from 'react';

/** How long 'Copied!' stays (spec section 9). */
export const COPIED_FEEDBACK_MS = 2000;

/** For pages served over plain http (no Clipboard API): the old selection-based copy. */
function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}

/** Copies text to the clipboard; `copied` is true for 2 seconds afterwards. */
export function useCopyText() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async (text: string) => {
    try {
      if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
      else if (!legacyCopy(text)) throw new Error('copy refused');
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    } catch {
      notify({ tone: 'error', title: 'Could not copy', message: 'Your browser did not allow copying. Select the text and copy it by hand.' });
    }
  };
  return { copied, copy };
}
