/**
 * The image libraries, loaded by the first image made or converted instead of at start: sharp
 * (libvips), satori (with its WebAssembly layout engine) and resvg add about 50 MB to a server's
 * resident memory, which most requests never need (architecture.test.ts keeps them loaded on use).
 */
type Sharp = (typeof import('sharp'))['default'];

let sharpModule: Promise<Sharp> | undefined;

export async function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then(
    (module) => module.default,
    (error: unknown) => {
      sharpModule = undefined; // a failed load is tried again by the next caller
      throw error;
    },
  );
  return sharpModule;
}

let renderers: Promise<{ satori: typeof import('satori').default; Resvg: typeof import('@resvg/resvg-js').Resvg }> | undefined;

/** satori (element tree → SVG) and resvg (SVG → PNG), for the branded images' renderer. */
export async function loadRenderers() {
  renderers ??= Promise.all([import('satori'), import('@resvg/resvg-js')]).then(
    ([satori, resvg]) => ({ satori: satori.default, Resvg: resvg.Resvg }),
    (error: unknown) => {
      renderers = undefined;
      throw error;
    },
  );
  return renderers;
}
