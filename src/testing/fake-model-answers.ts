/** What the fake model writes for each kind of prompt, and the scripted faults it can write instead. */
import { readSlotsFromPrompt, type PromptSlot } from '@server/ai/month-plan/prompt';
import { readRewritePrompt } from '@server/ai/rewrite-post/prompt';
import { readSinglePostPrompt, type SinglePostDetails } from '@server/ai/single-post/prompt';
import type { ImageFault } from './fake-images-endpoint';

/**
 * What the next answer does. Month prompts: 'malformed-json' cuts the JSON off; 'fenced-json' wraps
 * valid JSON in chatter and a ```json fence; 'missing-posts' answers without a posts list;
 * 'wrong-dates' dates even posts right but as a bare YYYY-MM-DD and odd posts a day late;
 * 'invalid-post' gives the first post blank text (single post: the platform 'myspace'; rewrite: blank
 * text). Any prompt: 'status-500', 'status-429' (Retry-After: 1), 'no-json-mode' (400 when
 * response_format is sent), 'hang' (no answer until the client gives up or the server closes),
 * 'cut-after-2' (a streamed month reply whose connection drops right after its second post).
 * Habits of small local models (month prompts; the refusal also for any prompt):
 * 'no-structured-output' (422 naming the parameter when response_format is sent), 'echo-text-type'
 * (every post echoes type "text"), 'echo-wrong-fields' (every post echoes another day, platform and
 * type), 'think-first' (a <think> block with braces before the JSON), 'reasoning-content' (the
 * thinking streamed as reasoning_content first), 'trailing-commas', 'chatter' (words with braces and
 * brackets around unfenced JSON), 'over-long' (every post far over its platform's limit as X counts:
 * links and emoji, 40 hashtags), 'same-openings' (every post opens with the same five words).
 */
export type FakeFault =
  | 'ok'
  | 'malformed-json'
  | 'fenced-json'
  | 'missing-posts'
  | 'wrong-dates'
  | 'invalid-post'
  | 'status-500'
  | 'status-429'
  | 'no-json-mode'
  | 'hang'
  | 'cut-after-2'
  | 'no-structured-output'
  | 'echo-text-type'
  | 'echo-wrong-fields'
  | 'think-first'
  | 'reasoning-content'
  | 'trailing-commas'
  | 'chatter'
  | 'over-long'
  | 'same-openings'
  | ImageFault;

export type FakeTask = 'month' | 'rewrite' | 'single' | 'other' | 'image';

const FILLER =
  'Our friendly team is here for the whole family, with late opening hours and a warm welcome for nervous patients. Book a visit this week and ask us anything. ';

/** Platform limits of the fake's long posts, kept apart from the app's so the fake stays a plain model. */
const FAKE_LIMITS: Record<string, number> = { twitter: 240, bluesky: 260, mastodon: 460 };

function fakePost(slot: PromptSlot, postChars: number) {
  const angle = `${slot.theme ? ` About ${slot.theme}.` : ''}${slot.cta ? ` ${slot.cta}.` : ''}`;
  let text = `Post ${slot.slot} for ${slot.platform} on ${slot.weekday} ${slot.date}${slot.holiday ? `: happy ${slot.holiday}!` : '.'}${angle} Come and see us.`;
  if (postChars > 0) {
    const length = Math.min(postChars, FAKE_LIMITS[slot.platform] ?? postChars);
    while (text.length < length) text += ` ${FILLER}`;
    text = text.slice(0, length).trimEnd();
  }
  // In the order the prompt's reply shape asks (slot, then the text), then the slot's fields echoed back.
  return {
    slot: slot.slot,
    content: text,
    mediaPrompt: slot.type === 'text' ? '' : `A bright ${slot.type} for ${slot.date}`,
    hashtags: ['#fake', 'Test'],
    date: `${slot.date}T12:00:00Z`,
    platform: slot.platform,
    type: slot.type,
  };
}

function nextDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Characters of a `{"posts":[…]}` reply up to and including the closing brace of post `count`. */
export function lengthThroughPost(content: string, count: number): number {
  const posts = (JSON.parse(content) as { posts: unknown[] }).posts.slice(0, count);
  return '{"posts":['.length + posts.map((post) => JSON.stringify(post)).join(',').length;
}

function monthAnswer(slots: PromptSlot[], fault: FakeFault, postChars: number): string {
  if (fault === 'malformed-json') return '{"posts": [{"slot": 1, "content": "cut off in the midd';
  if (fault === 'missing-posts') return JSON.stringify({ note: 'Here are some ideas instead.' });
  const posts = slots.map((slot, i) => {
    const post: Record<string, unknown> = fakePost(slot, postChars);
    if (fault === 'invalid-post' && i === 0) post.content = '   ';
    // Even posts: the right day in another format (to be corrected); odd posts: the next day (to be reported).
    if (fault === 'wrong-dates') post.date = i % 2 === 0 ? slot.date : `${nextDay(slot.date)}T12:00:00Z`;
    if (fault === 'echo-text-type') post.type = 'text';
    if (fault === 'echo-wrong-fields') Object.assign(post, { date: `${nextDay(slot.date)}T09:00:00Z`, platform: 'X (Twitter)', type: 'status update' });
    if (fault === 'over-long') Object.assign(post, overLongPost(slot));
    if (fault === 'same-openings') post.content = `We are so excited to share ${String(post.content)}`;
    return post;
  });
  const json = JSON.stringify({ posts });
  if (fault === 'fenced-json') return `Sure! Here you go:\n\`\`\`json\n${json}\n\`\`\``;
  if (fault === 'think-first') return `<think>The user wants {"posts": [...]} for ${slots.length} slots. Let me plan [first] the themes.</think>\n${json}`;
  if (fault === 'trailing-commas') return `{"posts": [${posts.map((post) => `${JSON.stringify(post).slice(0, -1)},}`).join(',\n')},\n],}`;
  if (fault === 'chatter') return `Okay! Here are the posts {as requested} [all ${slots.length}]:\n${json}\nLet me know if you want changes {or more}.`;
  return json;
}

/** Far over the platform's limit (Facebook aside) as X counts it: a long link, emoji, and (on Instagram) 40 hashtags. */
function overLongPost(slot: PromptSlot): Record<string, unknown> {
  const sentence = `Our team on ${slot.weekday} has news 🎉🎉 at https://example.com/${'very-long-path/'.repeat(6)} for everyone. `;
  // Facebook's limit (63,206) is the app's own cap on any post: a reply that long is no habit of a model.
  const limits: Record<string, number> = { twitter: 280, instagram: 2200, linkedin: 3000, bluesky: 300, mastodon: 500 };
  const limit = limits[slot.platform] ?? 400;
  // X counts the link as 23 and each emoji as 2: a sentence weighs about 60 there.
  const repeats = Math.ceil((limit * 1.3) / (slot.platform === 'twitter' ? 60 : sentence.length));
  const angle = `${slot.theme ? ` About ${slot.theme}.` : ''}${slot.cta ? ` ${slot.cta}.` : ''}`;
  return {
    content: `Post ${slot.slot} on ${slot.date}. ${sentence.repeat(repeats).trim()}${angle}`,
    hashtags: Array.from({ length: slot.platform === 'instagram' ? 40 : 4 }, (_, i) => `#tag${i}`),
  };
}

function singleAnswer(details: SinglePostDetails, fault: FakeFault): string {
  if (fault === 'malformed-json') return '{"content": "cut off';
  const type = details.type ?? details.types[0] ?? 'text';
  const post = {
    date: `${details.date}T12:00:00Z`,
    platform: fault === 'invalid-post' ? 'myspace' : (details.platform ?? details.platforms[0] ?? 'facebook'),
    type,
    content: `A single post for ${details.weekday} ${details.date}${details.holiday ? ` about ${details.holiday}` : ''}.`,
    mediaPrompt: type === 'text' ? '' : `A ${type} for ${details.date}`,
    hashtags: ['#single'],
  };
  return fault === 'fenced-json' ? `\`\`\`json\n${JSON.stringify(post)}\n\`\`\`` : JSON.stringify(post);
}

export function answerFor(task: FakeTask, prompt: string, fault: FakeFault, postChars: number): string {
  if (task === 'month') return monthAnswer(readSlotsFromPrompt(prompt) ?? [], fault, postChars);
  if (task === 'single') return singleAnswer(readSinglePostPrompt(prompt)!, fault);
  if (task === 'rewrite') {
    if (fault === 'invalid-post') return '   ';
    const { original, instructions } = readRewritePrompt(prompt)!;
    return `Rewritten (${instructions.slice(0, 40)}): ${original}`.slice(0, 250);
  }
  return 'OK';
}

export function taskOf(prompt: string): FakeTask {
  if (readSlotsFromPrompt(prompt)) return 'month';
  if (readRewritePrompt(prompt)) return 'rewrite';
  if (readSinglePostPrompt(prompt)) return 'single';
  return 'other';
}
