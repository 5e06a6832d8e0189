import type { RecipeView } from '@forkful/contracts';

/** The address as a link target, only for http(s) (a javascript: or data: address is never a link). */
function linkTarget(address: string | null): URL | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * 'Adapted from <site name>' for a recipe imported from another site (issue 21), linking to the original. The link
 * is nofollow (Forkful does not vouch for it) and noopener; nothing is shown for a recipe of the cook's own.
 */
export function RecipeSource({ recipe }: { recipe: Pick<RecipeView, 'sourceUrl' | 'sourceSiteName'> }) {
  const url = linkTarget(recipe.sourceUrl ?? null);
  if (!url) return null;
  const name = recipe.sourceSiteName?.trim() || url.hostname.replace(/^www\./, '');
  return (
    <p className="mt-1 text-ink-soft">
      Adapted from{' '}
      <a
        href={url.href}
        rel="nofollow noopener noreferrer"
        target="_blank"
        className="font-semibold text-brand-700 hover:underline"
      >
        {name}
      </a>
    </p>
  );
}
