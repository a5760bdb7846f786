/**
 * How long a post's text is as each network counts it, one function for the server (platform fit,
 * the writers' checks) and the browser (the editor's counter, the previews' feed cut). Small on purpose:
 * twitter-text is too heavy for the web bundle, so X's weighting is written out here and tested against
 * twitter-text on generated strings (text-length.test.ts).
 */

/**
 * How a network measures its limit ('link-23': each link counts 23, the rest characters, as Mastodon does;
 * 'emoji-bytes': characters, an emoji as its UTF-8 bytes, as Threads does).
 */
export type Counting = 'characters' | 'x-weighted' | 'graphemes' | 'link-23' | 'emoji-bytes';

/** What a link counts on X and on Mastodon, however long it is. */
export const LINK_LENGTH = 23;

/** Whether a link counts `LINK_LENGTH` however long it is. */
export function linkCounts23(counting: Counting): boolean {
  return counting === 'x-weighted' || counting === 'link-23';
}

/** Country-code domains (twitter-text's list, ASCII ones) and the generic ones posts usually carry. */
const TLDS = new Set(
  (
    'ac ad ae af ag ai al am an ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs bt bv bw by bz ca cc cd cf cg ch ci ck cl ' +
    'cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg eh er es et eu fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw ' +
    'gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me ' +
    'mf mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa ' +
    're ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tp tr tt tv tw tz ua ug uk ' +
    'um us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw ' +
    'com net org edu gov mil int info biz name pro app dev ai shop store online site tech blog news cloud agency studio design health dental ' +
    'insurance care clinic world xyz top club live life email page web art media network digital solutions services company business center ' +
    'group global law legal finance money bank travel restaurant cafe coffee fitness yoga beauty salon photography events tips guide academy'
  ).split(/\s+/),
);

/** What a domain label is made of: ASCII letters and digits and the Latin accented letters. */
const LABEL_CHAR = 'a-z0-9\\u00c0-\\u024f';
/** A label: at most 63 characters (DNS's most), hyphens only inside. */
const LABEL = `[${LABEL_CHAR}](?:[${LABEL_CHAR}-]{0,61}[${LABEL_CHAR}])?`;
/**
 * A web address with or without its scheme: labels, a known top-level domain, a port, a path. Linear on
 * any text: a match starts only after a character that cannot be part of an address (the first group
 * refuses every label character, the dot and the hyphen; an accented letter only right before a scheme),
 * so no attempt starts inside a run another attempt already scanned; each label is bounded and the host
 * is at most 127 labels (checked to 253 characters below).
 */
const URL_PATTERN = new RegExp(
  `(^|[^${LABEL_CHAR}@$#\\uff20\\uff03\\u202a-\\u202e./_-]|[\\u00c0-\\u024f](?=https?://))((?:https?://)?(?:${LABEL}\\.){1,127}([a-z]{2,20}))(?![a-z0-9@+-])((?::\\d{1,5})?(?:[/?#]\\S*)?)`,
  'giu',
);
/** DNS's longest host name. */
const HOST_MAX = 253;
/** Where a link ends: the last character twitter-text takes as part of a path or query. */
const LINK_END = /[\p{L}\p{N}=_#/+&-]/u;

/** The text with each link replaced by one marker character, and how many links there were. */
function withoutLinks(text: string, schemeRequired: boolean): { rest: string; links: number } {
  let links = 0;
  const rest = text.replace(URL_PATTERN, (match, before: string, address: string, tld: string, tail: string) => {
    const hasScheme = /^https?:\/\//i.test(address);
    const host = hasScheme ? address.slice(address.indexOf('//') + 2) : address;
    if ((schemeRequired && !hasScheme) || !TLDS.has(tld.toLowerCase()) || host.length > HOST_MAX) return match;
    let end = tail.length;
    while (end > 0 && !LINK_END.test(tail[end - 1]!)) end -= 1;
    links += 1;
    return `${before}\u0000${tail.slice(end)}`;
  });
  return { rest: rest.replaceAll('\u0000', ''), links };
}

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : null;
/**
 * How much text the segmenter is given at once. V8's segmenter takes time in proportion to the length of
 * the text it was given for each cluster it yields (seconds for 63,206 characters), so it only ever sees
 * a window, and takes at most two clusters from a window made larger for one long cluster.
 */
const SEGMENT_WINDOW = 256;

/** The text's grapheme clusters, one at a time, segmented a window at a time (linear in the text). */
function* clusters(text: string): Generator<string> {
  if (!segmenter) {
    yield* text;
    return;
  }
  let start = 0;
  let size = SEGMENT_WINDOW;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    // Never split a surrogate pair: the segmenter would see half a character.
    if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1]!)) end -= 1;
    const most = size > SEGMENT_WINDOW ? 2 : Infinity;
    const found: string[] = [];
    for (const { segment } of segmenter.segment(text.slice(start, end))) if (found.push(segment) === most) break;
    if (end === text.length && found.length < most) {
      yield* found;
      return;
    }
    if (found.length < 2) {
      size *= 2;
      continue;
    }
    // The last cluster taken may go on past the window: it is segmented again from its start, with what
    // follows. Every boundary before it is final (a boundary depends on the one character after it).
    found.pop();
    for (const part of found) {
      yield part;
      start += part.length;
    }
    size = SEGMENT_WINDOW;
  }
}

/** The text's user-perceived characters (grapheme clusters): one for 'é', '👍🏽' or a family emoji. */
export function graphemes(text: string): string[] {
  return [...clusters(text)];
}

/** How many grapheme clusters the text has, exact up to `cap`; past it, counting stops at cap + 1. */
export function graphemeCount(text: string, cap = Infinity): number {
  let count = 0;
  for (const _cluster of clusters(text)) if (++count > cap) break;
  return count;
}

/** Code points X counts once: Latin and most scripts up to U+10FF, spaces, dashes and quotes. */
function xWeight(code: number): number {
  const light = code <= 0x10ff || (code >= 0x2000 && code <= 0x200d) || (code >= 0x2010 && code <= 0x201f) || (code >= 0x2032 && code <= 0x2037);
  return light ? 1 : 2;
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/**
 * X's weighted length (twitter-text's v3 rules): a link counts 23; an emoji, however many code points it
 * is made of, 2; other code points 1 up to U+10FF and in the punctuation ranges, 2 beyond (CJK, symbols).
 * Addresses without a scheme are recognised for the top-level domains above (X knows them all).
 * Exact up to `cap`; past it, counting stops.
 */
export function xWeightedLength(text: string, cap = Infinity): number {
  const { rest, links } = withoutLinks(text.normalize('NFC'), false);
  let length = links * LINK_LENGTH;
  for (const cluster of clusters(rest)) {
    const first = cluster.codePointAt(0)!;
    const onePoint = cluster.length === (first > 0xffff ? 2 : 1);
    if (EMOJI.test(cluster) && (!onePoint || xWeight(first) === 2)) length += 2;
    else for (const point of cluster) if ((length += xWeight(point.codePointAt(0)!)) > cap) break;
    if (length > cap) break;
  }
  return length;
}

/** Mastodon's count: characters, with every http(s) link as 23 and a mention's server left out. */
export function mastodonLength(text: string): number {
  const { rest, links } = withoutLinks(text, true);
  // The server part: one class character, then separators (a host's most) and a letter or digit at a
  // time, so each character has one way to match.
  const local = rest.replace(/(^|[^/\w])@(\w+)@[a-z0-9.-](?:[.-]{0,253}[a-z0-9])+/giu, '$1@$2');
  return [...local].length + links * LINK_LENGTH;
}

const utf8 = new TextEncoder();

/**
 * Threads' count (documentation/threads/posts: "Emojis are counted as the number of UTF-8 bytes"): an
 * emoji, with its modifiers and joiners, as its UTF-8 bytes (4 for 👍, 8 for 👍🏽); other code points once.
 * Exact up to `cap`; past it, counting stops.
 */
export function emojiBytesLength(text: string, cap = Infinity): number {
  let length = 0;
  for (const cluster of clusters(text)) {
    length += EMOJI.test(cluster) ? utf8.encode(cluster).length : [...cluster].length;
    if (length > cap) break;
  }
  return length;
}

/**
 * The length of `text` counted the network's way. Exact up to `cap`; past it, some number above `cap`
 * (counting stops there): a check against a limit passes the limit, a counter shown to the user does not.
 */
export function countLength(counting: Counting, text: string, cap = Infinity): number {
  switch (counting) {
    case 'x-weighted':
      return xWeightedLength(text, cap);
    case 'graphemes':
      return graphemeCount(text, cap);
    case 'link-23':
      return mastodonLength(text);
    case 'emoji-bytes':
      return emojiBytesLength(text, cap);
    case 'characters':
      return text.length;
  }
}
