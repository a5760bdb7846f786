/**
 * How long a post's text is as each network counts it, one function for the server (platform fit,
 * the writers' checks) and the browser (the editor's counter, the previews' feed cut). Small on purpose:
 * twitter-text is too heavy for the web bundle, so X's weighting is written out here and tested against
 * twitter-text on generated strings (text-length.test.ts).
 */

/** How a network measures its limit. */
export type Counting = 'characters' | 'x-weighted' | 'graphemes' | 'mastodon';

/** What a link counts on X and on Mastodon, however long it is. */
export const LINK_LENGTH = 23;

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

const LABEL = '[a-z0-9\\u00c0-\\u024f](?:[a-z0-9\\u00c0-\\u024f-]*[a-z0-9\\u00c0-\\u024f])?';
/** A web address with or without its scheme: labels, a known top-level domain, a port, a path. */
const URL_PATTERN = new RegExp(
  `(^|[^a-z0-9@$#\\uff20\\uff03\\u202a-\\u202e./_-])((?:https?://)?(?:${LABEL}\\.)+([a-z]{2,20}))(?![a-z0-9@+-])((?::\\d{1,5})?(?:[/?#]\\S*)?)`,
  'giu',
);
/** Where a link ends: the last character twitter-text takes as part of a path or query. */
const LINK_END = /[\p{L}\p{N}=_#/+&-]/u;

/** The text with each link replaced by one marker character, and how many links there were. */
function withoutLinks(text: string, schemeRequired: boolean): { rest: string; links: number } {
  let links = 0;
  const rest = text.replace(URL_PATTERN, (match, before: string, address: string, tld: string, tail: string) => {
    const hasScheme = /^https?:\/\//i.test(address);
    if ((schemeRequired && !hasScheme) || !TLDS.has(tld.toLowerCase())) return match;
    let end = tail.length;
    while (end > 0 && !LINK_END.test(tail[end - 1]!)) end -= 1;
    links += 1;
    return `${before}\u0000${tail.slice(end)}`;
  });
  return { rest: rest.replaceAll('\u0000', ''), links };
}

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : null;

/** The text's user-perceived characters (grapheme clusters): one for 'é', '👍🏽' or a family emoji. */
export function graphemes(text: string): string[] {
  return segmenter ? Array.from(segmenter.segment(text), (part) => part.segment) : [...text];
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
 */
export function xWeightedLength(text: string): number {
  const { rest, links } = withoutLinks(text.normalize('NFC'), false);
  let length = links * LINK_LENGTH;
  for (const cluster of graphemes(rest)) {
    const points = [...cluster];
    if (EMOJI.test(cluster) && (points.length > 1 || xWeight(points[0]!.codePointAt(0)!) === 2)) length += 2;
    else for (const point of points) length += xWeight(point.codePointAt(0)!);
  }
  return length;
}

/** Mastodon's count: characters, with every http(s) link as 23 and a mention's server left out. */
export function mastodonLength(text: string): number {
  const { rest, links } = withoutLinks(text, true);
  const local = rest.replace(/(^|[^/\w])@(\w+)@[a-z0-9.-]+[a-z0-9]/giu, '$1@$2');
  return [...local].length + links * LINK_LENGTH;
}

/** The length of `text` counted the network's way. */
export function countLength(counting: Counting, text: string): number {
  switch (counting) {
    case 'x-weighted':
      return xWeightedLength(text);
    case 'graphemes':
      return graphemes(text).length;
    case 'mastodon':
      return mastodonLength(text);
    case 'characters':
      return text.length;
  }
}
