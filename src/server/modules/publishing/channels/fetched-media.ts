import { createHash } from 'node:crypto';
import dns from 'node:dns/promises';
import net from 'node:net';
import { loadSharp } from '../../../platform/image-libraries';
import type { OutgoingFile } from '../media-files';
import { addressRefusal } from '../outbound';
import type { AttemptOutcome } from '../outcome';
import type { ChannelContent, ChannelSetup } from './channel';

/**
 * The media of a post that the network fetches itself (Facebook, Instagram, Threads: "we cURL media used
 * in publishing attempts, so the media must be hosted on a publicly accessible server", Instagram's
 * content-publishing guide): signed links at PUBLIC_URL, after converting what the network does not take.
 */

/** How long a media link works: long enough for a video still being fetched after a few slow attempts. */
const LINK_LIFETIME_MS = 6 * 3600_000;

/** Why the network cannot fetch media from PUBLIC_URL, in words with what to do, or undefined when it can. */
export async function publicUrlRefusal(setup: Pick<ChannelSetup, 'publicUrl' | 'policy'>, network: string): Promise<string | undefined> {
  if (setup.policy.allowPrivate) return undefined;
  const refusal = (why: string) =>
    `${network} fetches the post's images and videos from this server, but its address (${setup.publicUrl}) ${why}. ` +
    'Ask the server’s administrator to set PUBLIC_URL to its public https address (or PUBLISH_ALLOW_PRIVATE_URLS=true where the network can reach a private one).';
  let url: URL;
  try {
    url = new URL(setup.publicUrl);
  } catch {
    return refusal('is not a web address');
  }
  if (url.protocol !== 'https:') return refusal('does not start with https://');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const lowered = host.toLowerCase();
  if (!net.isIP(host) && (!lowered.includes('.') || lowered.endsWith('.localhost') || lowered.endsWith('.local') || lowered.endsWith('.internal')))
    return refusal('is a name only this network knows');
  const addresses = net.isIP(host)
    ? [host]
    : await dns.lookup(host, { all: true }).then(
        (found) => found.map((entry) => entry.address),
        () => undefined,
      );
  if (!addresses) return refusal('cannot be found on the internet');
  for (const address of addresses) if (addressRefusal(address, false)) return refusal('is private, out of the internet’s reach');
  return undefined;
}

/** A fingerprint of what a delivery sends, so containers made from an earlier version of the post are not published. */
export const contentFingerprint = (content: Pick<ChannelContent, 'text' | 'uploads'>) =>
  createHash('sha256')
    .update(JSON.stringify([content.text, content.uploads.map((upload) => upload.name)]))
    .digest('base64url')
    .slice(0, 32);

export interface LinkedMedia {
  kind: 'image' | 'video';
  url: string;
}

/**
 * Each upload as a signed link the network fetches: an image through `convert` first (undefined: sent as
 * it is; else the converted JPEG is kept beside the upload under `variant`). An image that cannot be read
 * fails the post in words.
 */
export async function linkedMedia(
  content: ChannelContent,
  files: OutgoingFile[],
  variant: string,
  convert: (bytes: Uint8Array, mime: string) => Promise<Buffer | undefined>,
  now: () => Date,
): Promise<LinkedMedia[] | AttemptOutcome> {
  const expiresAt = new Date(now().getTime() + LINK_LIFETIME_MS);
  const linked: LinkedMedia[] = [];
  for (const [index, file] of files.entries()) {
    if (file.mime.startsWith('video/')) {
      linked.push({ kind: 'video', url: content.link(file.name, expiresAt) });
      continue;
    }
    // Outside the try: an image library that cannot load is the server's fault (a retry), not the image's.
    await loadSharp();
    let converted: Buffer | undefined;
    try {
      converted = await file.withBytes((bytes) => convert(bytes, file.mime));
    } catch {
      return { result: 'failed', detail: `Image ${index + 1} of the post could not be read to prepare it. Replace it with a JPG or PNG, then retry.` };
    }
    const name = converted ? await content.keep(file.name, variant, converted, 'image/jpeg') : file.name;
    linked.push({ kind: 'image', url: content.link(name, expiresAt) });
  }
  return linked;
}

/** Which file of the post (1st, 2nd, …) a refusal speaks of. */
export const ordinal = (index: number) => {
  const n = index + 1;
  const suffix = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
};
