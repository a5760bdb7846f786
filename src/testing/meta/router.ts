import type { Call, Reply } from './call';
import { createContainers, type Readiness } from './containers';
import { createDialogs } from './dialog';
import { GRAPH_VERSIONS, THREADS_API_VERSION, refuse } from './graph-errors';
import { createInstagramLoginRoutes } from './instagram-login-routes';
import { createInstagramRoutes } from './instagram-routes';
import { META_ACCOUNTS, type MetaState } from './meta-state';
import { createPageRoutes } from './page-routes';
import { createThreadsRoutes } from './threads-routes';
import { createTokenRoutes } from './token-routes';

/**
 * The hosts the stand-in plays, each on its own loopback port: www.facebook.com, graph.facebook.com,
 * threads.net, graph.threads.net, and Instagram Login's www.instagram.com, api.instagram.com and graph.instagram.com.
 */
export type MetaHost = 'facebook' | 'graph' | 'threads' | 'threadsGraph' | 'instagram' | 'instagramApi' | 'instagramGraph';

/** Splits `/v26.0/x` into its version and the rest; undefined when the path names no version. */
export function splitVersion(path: string): { version: string | undefined; rest: string } {
  const match = /^\/(v\d{1,3}\.\d{1,3})(\/.*)?$/.exec(path);
  return match ? { version: match[1], rest: match[2] ?? '/' } : { version: undefined, rest: path };
}

export function createRouter(state: MetaState, readiness: Readiness) {
  const containers = createContainers(state, readiness);
  const dialogs = createDialogs(state);
  const tokens = createTokenRoutes(state);
  const pages = createPageRoutes(state);
  const instagram = createInstagramRoutes(state, containers);
  const threads = createThreadsRoutes(state, containers);
  const instagramLogin = createInstagramLoginRoutes(state, containers);

  /** graph.facebook.com: every path under a listed version. */
  const graph = async (call: Call): Promise<Reply> => {
    const [id = '', edge, ...more] = call.path.split('/').slice(1);
    const { method } = call;
    if (more.length > 0) throw refuse.unsupported(method, call.path);
    if (id === 'oauth' && edge === 'access_token') return tokens.facebookToken(call);
    if (id === 'debug_token' && !edge && method === 'GET') return tokens.debugToken(call);
    if (id === 'me' && !edge && method === 'GET') return tokens.me(call);
    if (id === 'me' && edge === 'accounts' && method === 'GET') return tokens.accounts(call);
    if (id === META_ACCOUNTS.page.id) {
      if (!edge && method === 'GET') return pages.page(call, id);
      if (edge === 'feed' && method === 'POST') return pages.feed(call, id);
      if (edge === 'photos' && method === 'POST') return pages.photo(call, id);
      if (edge === 'videos' && method === 'POST') return pages.video(call, id);
      if ((edge === 'feed' || edge === 'posts' || edge === 'published_posts') && method === 'GET') return pages.read(call, id);
    }
    if (id === META_ACCOUNTS.instagram.id) {
      if (edge === 'media' && method === 'POST') return instagram.createMedia(call, id);
      if (edge === 'media' && method === 'GET') return instagram.readMedia(call, id);
      if (edge === 'media_publish' && method === 'POST') return instagram.publish(call, id);
      if (edge === 'content_publishing_limit' && method === 'GET') return instagram.limit(call, id);
      if (!edge && method === 'GET') return instagram.account(call, id);
    }
    if (!edge && method === 'GET') {
      const pagePost = pages.node(call, id);
      if (pagePost) return pagePost;
      const container = instagram.readContainer(call, id);
      if (container) return container;
    }
    throw refuse.unsupported(method, id);
  };

  /** graph.threads.net: token endpoints unversioned, the rest under v1.0 (or unversioned, as the docs' samples). */
  const threadsGraph = async (call: Call): Promise<Reply> => {
    const [id = '', edge, ...more] = call.path.split('/').slice(1);
    const { method } = call;
    if (more.length > 0) throw refuse.unsupported(method, call.path);
    if (id === 'oauth' && edge === 'access_token') return tokens.threadsToken(call);
    if (id === 'access_token' && !edge && method === 'GET') return tokens.threadsExchange(call);
    if (id === 'refresh_access_token' && !edge && method === 'GET') return tokens.threadsRefresh(call);
    if (edge === 'threads' && method === 'POST') return threads.create(call, id);
    if (edge === 'threads' && method === 'GET') return threads.read(call, id);
    if (edge === 'threads_publish' && method === 'POST') return threads.publish(call, id);
    if (!edge && method === 'GET') return threads.node(call, id);
    throw refuse.unsupported(method, id);
  };

  /** A request on a host: its version checked, then routed. Answers the version-less path it routed. */
  async function route(host: MetaHost, call: Call): Promise<Reply> {
    const { version, rest } = splitVersion(call.path);
    if (host === 'instagram') {
      if (call.path === '/oauth/authorize' && call.method === 'GET') return dialogs.instagramPage(call);
      if (call.path === '/oauth/authorize/submit' && call.method === 'POST') return dialogs.submit(call);
      return { status: 404, html: '<!doctype html><title>Page not found</title>' };
    }
    if (host === 'instagramApi') {
      if (call.path === '/oauth/access_token') return instagramLogin.exchangeCode(call);
      return { status: 404, html: '<!doctype html><title>Page not found</title>' };
    }
    if (host === 'instagramGraph') {
      if (version !== undefined && !GRAPH_VERSIONS.includes(version)) throw refuse.version(call.path);
      return instagramLogin.graph({ ...call, path: rest });
    }
    if (host === 'threads') {
      if (call.path === '/oauth/authorize' && call.method === 'GET') return dialogs.threadsPage(call);
      if (call.path === '/oauth/authorize/submit' && call.method === 'POST') return dialogs.submit(call);
      return { status: 404, html: '<!doctype html><title>Not found</title>' };
    }
    if (host === 'facebook') {
      if (!version || !GRAPH_VERSIONS.includes(version)) return { status: 404, html: '<!doctype html><title>Page not found</title>' };
      if (rest === '/dialog/oauth' && call.method === 'GET') return dialogs.facebookPage(call, version);
      if (rest === '/dialog/oauth/submit' && call.method === 'POST') return dialogs.submit(call);
      return { status: 404, html: '<!doctype html><title>Page not found</title>' };
    }
    if (host === 'graph') {
      if (!version || !GRAPH_VERSIONS.includes(version)) throw refuse.version(call.path);
      return graph({ ...call, path: rest });
    }
    if (version !== undefined && version !== THREADS_API_VERSION) throw refuse.version(call.path);
    return threadsGraph({ ...call, path: rest });
  }

  return { route, dialogs, containers, instagramLogin };
}
