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

/** Grid cards: one column on phones, two on tablets, three on desktop. */
export const CARD_SIZES = '(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 380px';
