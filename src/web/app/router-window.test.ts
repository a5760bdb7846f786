import { createBrowserRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { windowWithoutSessionStorage } from './router-window';

/** Just enough of a browser window for React Router's browser history, counting sessionStorage reads. */
function fakeWindow() {
  const reads = { sessionStorage: 0 };
  const listeners: string[] = [];
  const page = {
    document: { createElement: () => ({}) },
    location: {
      href: 'http://app.test/month/2026-12',
      origin: 'http://app.test',
      protocol: 'http:',
      host: 'app.test',
      pathname: '/month/2026-12',
      search: '',
      hash: '',
    },
    history: { state: null, replaceState: () => undefined, pushState: () => undefined },
    addEventListener(type: string) {
      if (this !== page) throw new TypeError('Illegal invocation');
      listeners.push(type);
    },
    removeEventListener: () => undefined,
    get sessionStorage() {
      reads.sessionStorage += 1;
      return { getItem: () => null, setItem: () => undefined };
    },
  };
  return { page, reads, listeners };
}

const routes = [{ path: '/month/:id', element: null }];

afterEach(() => vi.unstubAllGlobals());

describe("the router's window", () => {
  it("is the page's window, whose sessionStorage the router then never reads", () => {
    const { page, reads, listeners } = fakeWindow();
    vi.stubGlobal('window', page);
    const router = createBrowserRouter(routes, { window: windowWithoutSessionStorage(page as unknown as Window) });
    expect(router.state.location.pathname).toBe('/month/2026-12');
    expect(router.state.matches.map((match) => match.params.id)).toEqual(['2026-12']);
    expect(listeners).toContain('popstate');
    expect(reads.sessionStorage).toBe(0);
    router.dispose();
  });

  it('keeps the router from reading sessionStorage, which it does when given the window itself', () => {
    const { page, reads } = fakeWindow();
    vi.stubGlobal('window', page);
    createBrowserRouter(routes, { window: page as unknown as Window }).dispose();
    expect(reads.sessionStorage).toBe(1);
  });
});
