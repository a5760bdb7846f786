/**
 * The window React Router is given: the page's own, except that it has no sessionStorage. The router
 * reads sessionStorage when it is created, for view transitions kept across reloads (the app uses
 * none), and a tab's first sessionStorage read waits for the browser process: 26 to 50 ms measured
 * while the month page loads, inside the entry's task, before anything is painted.
 */
export function windowWithoutSessionStorage(page: Window): Window {
  return new Proxy(page, {
    get(target, key) {
      if (key === 'sessionStorage') return undefined;
      const value: unknown = Reflect.get(target, key, target);
      // The window's own methods (addEventListener, ...) throw when called on another object.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
