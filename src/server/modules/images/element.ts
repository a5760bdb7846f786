/** A node of the tree satori lays out: the shape of a React element, built without React. */
export interface Element {
  type: 'div' | 'img' | 'span';
  props: { style?: Style; children?: Child | Child[]; src?: string; width?: number; height?: number };
}
export type Child = Element | string;
export type Style = Record<string, string | number>;

/** A flex box (satori lays out only flex boxes: a div with several children needs `display: flex`). */
export const box = (style: Style, ...children: Child[]): Element => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/** A run of text. */
export const text = (style: Style, content: string): Element => ({ type: 'div', props: { style: { display: 'flex', ...style }, children: content } });

export const image = (src: string, width: number, height: number, style: Style = {}): Element => ({
  type: 'img',
  props: { src, width, height, style: { width, height, ...style } },
});
