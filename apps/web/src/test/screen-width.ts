/**
 * Makes window.matchMedia answer like a phone's 412 px screen until the returned function restores the
 * wide screen of test/setup.ts: max-width queries of 412 px or more match, min-width ones above it don't.
 */
export function emulatePhoneScreen(width = 412): () => void {
  const wide = window.matchMedia.bind(window);
  window.matchMedia = (query: string) => {
    const bound = Number(/(\d+)px/.exec(query)?.[1] ?? 0);
    return {
      matches: query.includes('max-width') ? width <= bound : width >= bound,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
  return () => {
    window.matchMedia = wide;
  };
}
