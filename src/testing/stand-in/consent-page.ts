import { randomUUID } from 'node:crypto';
import type { HostReply } from './loopback-hosts';

/**
 * The consent page every OAuth stand-in shows: the scopes asked for and a form with an Allow and a Cancel
 * button that posts back the request it was shown for. What a request must carry (validation) and where
 * the browser goes next (`decide`) stay with each provider.
 */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The provider's words on its page; `action` is where the form posts. */
export interface ConsentLook {
  title: string;
  heading: string;
  action: string;
  /** The approving button's label (default Allow). */
  allow?: string;
}

/** A request as the provider validated it: the consent to show, or the page or redirect it answers instead. */
export type Validated<P> = P | HostReply;

const isReply = <P>(validated: Validated<P>): validated is HostReply => typeof validated === 'object' && validated !== null && 'status' in validated;

/** Consents shown and not yet answered, and what the form's POST (or a test's `approve`) makes of them. */
export function createConsentForm<P extends { scopes: string[] }, C extends { deny?: boolean }>(decide: (consent: P, choice: C) => string) {
  const pending = new Map<string, P>();
  return {
    /** The page for a validated request (an invalid one answers its own reply). */
    page(validated: Validated<P>, look: ConsentLook): HostReply {
      if (isReply(validated)) return validated;
      const id = randomUUID();
      pending.set(id, validated);
      return {
        status: 200,
        html: `<!doctype html><html><head><title>${look.title}</title></head><body>
<h1>${look.heading}</h1>
<ul id="scopes">${validated.scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join('')}</ul>
<form method="post" action="${look.action}">
<input type="hidden" name="request" value="${id}">
<button type="submit" name="decision" value="allow">${look.allow ?? 'Allow'}</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form></body></html>`,
      };
    },
    /** The form's POST: redirects as the person chose, once; an unknown or used request answers `expired`. */
    submit(form: Record<string, string>, expired: () => HostReply): HostReply {
      const consent = pending.get(form.request ?? '');
      if (!consent) return expired();
      pending.delete(form.request!);
      return { status: 302, location: decide(consent, { deny: form.decision !== 'allow' } as C) };
    },
    /**
     * Clicking Allow (or Cancel) on the page of `url`, for tests without a browser: the redirect location.
     * Where the provider shows an error page instead, it throws, naming `page`.
     */
    approve(url: string, validate: (params: Record<string, string>) => Validated<P>, choice: C, page: string): string {
      const validated = validate(Object.fromEntries(new URL(url).searchParams));
      if (!isReply(validated)) return decide(validated, choice);
      if (validated.location) return validated.location;
      throw new Error(`${page} refuses ${url}: ${validated.html ?? ''}`);
    },
  };
}

/** What a browser reads off the consent page: where the form posts and the request it carries. */
export function readConsentForm(html: string): { action: string; request: string } {
  const action = /action="([^"]+)"/.exec(html)?.[1];
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1];
  if (action === undefined || request === undefined) throw new Error(`Not a consent page: ${html}`);
  return { action, request };
}
