// Reads the browser's time zone off the page's main thread: a page's first use of Intl loads the locale
// data, about 80 ms on a phone-speed CPU (time-zone.ts).
postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
