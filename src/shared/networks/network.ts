import type { Counting } from '../domain/text-length';

/** The icons the web app can draw; the web maps each name to its component (`web/components/network-icons.tsx`). */
export type NetworkIconName = 'facebook' | 'x' | 'instagram' | 'linkedin' | 'bluesky' | 'mastodon' | 'threads' | 'google';

/** An image's size in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** Everything that differs between networks: one file per network under `shared/networks`, listed in `index.ts`. */
export interface Network<Id extends string = string> {
  id: Id;
  label: string;
  /** The word on its calendar pill when its id is too long for one (the spec's pills are the ids). */
  pill?: string;
  /** Character limit of the post text, hashtags included (they are published with it). */
  maxLength: number;
  /**
   * How the limit is counted (`text-length.ts`): X weighs characters (most scripts once, CJK and emoji
   * twice, a link 23), Bluesky counts graphemes, Mastodon counts a link as 23, Threads counts an emoji as
   * its UTF-8 bytes, the others count characters.
   */
  counting: Counting;
  /** Most hashtags a post keeps on this network (the writers' output is cut to it). */
  hashtagCap: number;
  /**
   * What the writers aim for: the AI prompt's note; the offline writer's hashtag count and, on the short
   * networks where hashtags share the limit with the text, the characters they may take.
   */
  prompt: { note: string; hashtags: number; hashtagChars?: number };
  /**
   * The offline writer's shape of a post: `short` (headline and one line, X and Bluesky), `toot`, `caption`
   * (Instagram: headline and call to action first), `article` (LinkedIn), `local` (Google Business Profile:
   * how to find or reach the business, the call to action last, nothing that asks for comments or swipes), `post`; the media's frame and
   * a video's seconds; whether links live in the bio.
   */
  offline: {
    layout: 'short' | 'toot' | 'caption' | 'article' | 'local' | 'post';
    frame: { image: string; video: string };
    videoSeconds: number;
    linkInBio: boolean;
  };
  /**
   * The editor's preview: media above the text, or text first; the account's handle before the text
   * (Instagram's caption); whether a post there needs a picture or video (Instagram) or may be text only;
   * the line under the company's name, `{name}` standing for its handle.
   */
  preview: { mediaFirst: boolean; byline: string; handleBeforeText?: true; needsMedia?: true };
  /** Attachments a post may carry there. */
  media: { maxItems: number; types: readonly ('image' | 'video')[] };
  /** Where the feed stops showing the text and offers more. */
  feedCut: { chars: number; lines?: number; more: string };
  /** Width / height of the first image in the feed. */
  imageRatio: number;
  /** Sizes in pixels that images made for it are rendered at, preferred first (the first is the default). */
  imageSizes: readonly [ImageSize, ...ImageSize[]];
  /** The format images made for it are rendered in: PNG unless it takes JPEG only (Instagram's publishing API). */
  madeImageFormat?: 'jpeg';
  /** What 'Adapt for …' asks the writer for: that network's length and habits. */
  adaptInstructions: string;
  /** The recognisable colour: `chart` against the white card (3:1), `tint`/`text` for pills (WCAG AA). */
  colors: { chart: string; tint: string; text: string };
  icon: NetworkIconName;
  /** Whether a post there may announce an offer or an event (the post's `event`); an update otherwise. */
  offersAndEvents?: true;
}
