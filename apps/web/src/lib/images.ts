export interface ImageVariant {
  width: number;
  url: string;
}

/** `srcset` from the API's fixed-width WebP variants. */
export function srcSetOf(variants: readonly ImageVariant[] | undefined): string | undefined {
  if (!variants || variants.length === 0) return undefined;
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}

/**
 * Grid cards, as laid out by `container-page` (1rem padding on phones, 2rem from sm, at most 76rem wide) and the
 * grid (one column on phones; two from sm = 641px with a 1.5rem gap; three from lg = 1024px). A 375px phone at 2x
 * needs 686px, so it picks the 800w variant, never the 1280w one.
 */
export const CARD_SIZES =
  '(max-width: 640px) calc(100vw - 2rem), (max-width: 1023px) calc(50vw - 2.75rem), (max-width: 1215px) calc(33.3vw - 2.35rem), 368px';
