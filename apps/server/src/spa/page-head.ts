import { matchClientPage, parsePage, type RecipeView } from '@forkful/contracts';
import type { Config } from '../config.js';
import { createImageSizes, type ImageSizes } from './image-sizes.js';
import type { PageAnswer } from './page-data.js';
import type { PageHead, PageHeads } from './spa-pages.js';
import {
  absoluteUrl,
  jsonLdScript,
  recipePageUrl,
  recipeStructuredData,
  SITE_NAME,
  summaryOf,
  type SizedImage,
} from './structured-data.js';

/*
 * The head of a drawn page as search engines and link previews read it (issue 21, docs/decisions/023):
 * - a published recipe: canonical link, description, Open Graph and Twitter card tags with the photo and its size,
 *   and the schema.org Recipe as JSON-LD;
 * - a recipe address that is not public (a draft, a deleted or unknown recipe): none of that, and `noindex` in a
 *   meta tag and the X-Robots-Tag header. The page's HTML is the same for everyone (decision 011), so an author's
 *   own draft is never described to anyone;
 * - the All Recipes list: canonical link (its page number kept) and basic Open Graph tags.
 * Everything is built from the answer the page already carries, and every URL is under PUBLIC_URL.
 */

const LIST_DESCRIPTION = 'Every published recipe on Forkful, newest first: discover, cook and share home cooking.';

/** An attribute value: quotes and angle brackets written as entities. */
function attribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function text(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const meta = (key: 'name' | 'property', name: string, content: string | number) =>
  `<meta ${key}="${name}" content="${attribute(String(content))}">`;

/** index.html with the page's title, description and extra head tags (before `</head>`). */
function withHead(html: string, head: { title?: string; description?: string; tags: string[] }): string {
  let page = html;
  if (head.title !== undefined) {
    const title = `<title>${text(head.title)}</title>`;
    page = page.replace(/<title>[\s\S]*?<\/title>/, () => title);
  }
  const tags = [...head.tags];
  if (head.description !== undefined) {
    const description = meta('name', 'description', head.description);
    const existing = /<meta name="description"[^>]*>/;
    if (existing.test(page)) page = page.replace(existing, () => description);
    else tags.unshift(description);
  }
  const at = page.indexOf('</head>');
  return at === -1 ? page : page.slice(0, at) + tags.join('') + page.slice(at);
}

const NOINDEX: PageHead = {
  noindex: true,
  apply: (html) => withHead(html, { tags: [meta('name', 'robots', 'noindex')] }),
};

/** The variants of the recipe's photo as absolute URLs with their pixel sizes, largest first. */
async function imagesOf(recipe: RecipeView, publicUrl: string, sizeOf: ImageSizes): Promise<SizedImage[]> {
  const variants = [...recipe.recipePhotoVariants].sort((a, b) => b.width - a.width);
  const sized = await Promise.all(
    variants.map(async (variant) => {
      const url = absoluteUrl(publicUrl, variant.url);
      if (!url) return undefined;
      const size = await sizeOf(variant.url);
      return { url, width: size?.width ?? variant.width, height: size?.height } satisfies SizedImage;
    }),
  );
  // A photo narrower than the larger widths was never enlarged: those variants are the same size; one is kept.
  const seen = new Set<string>();
  const images: SizedImage[] = [];
  for (const image of sized) {
    if (!image) continue;
    const key = image.height === undefined ? image.url : `${image.width}x${image.height}`;
    if (seen.has(key)) continue;
    seen.add(key);
    images.push(image);
  }
  return images;
}

function recipeHead(recipe: RecipeView, publicUrl: string, images: SizedImage[]): PageHead {
  const url = recipePageUrl(publicUrl, recipe._id);
  const description = summaryOf(recipe);
  const title = recipe.title;
  const photo = images[0];
  const alt = `Photo of ${title}`;
  const tags = [
    `<link rel="canonical" href="${attribute(url)}">`,
    meta('property', 'og:type', 'article'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(photo
      ? [
          meta('property', 'og:image', photo.url),
          meta('property', 'og:image:type', 'image/webp'),
          meta('property', 'og:image:width', photo.width),
          ...(photo.height !== undefined ? [meta('property', 'og:image:height', photo.height)] : []),
          meta('property', 'og:image:alt', alt),
        ]
      : []),
    meta('property', 'article:published_time', recipe.createdAt),
    meta('property', 'article:modified_time', recipe.updatedAt),
    meta('name', 'twitter:card', photo ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(photo ? [meta('name', 'twitter:image', photo.url), meta('name', 'twitter:image:alt', alt)] : []),
    jsonLdScript(recipeStructuredData(recipe, publicUrl, images)),
  ];
  return {
    noindex: false,
    apply: (html) => withHead(html, { title: `${title} · ${SITE_NAME}`, description, tags }),
  };
}

function listHead(url: URL, publicUrl: string): PageHead {
  const page = parsePage(url.searchParams.get('page'));
  const canonical = `${publicUrl}/recipes${page > 1 ? `?page=${page}` : ''}`;
  const title = 'All Recipes';
  const tags = [
    `<link rel="canonical" href="${attribute(canonical)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', `${title} · ${SITE_NAME}`),
    meta('property', 'og:description', LIST_DESCRIPTION),
    meta('property', 'og:url', canonical),
    meta('name', 'twitter:card', 'summary'),
  ];
  return { noindex: false, apply: (html) => withHead(html, { description: LIST_DESCRIPTION, tags }) };
}

/** What spa-pages.ts asks for each page it sends (docs/decisions/023). */
export function createPageHeads(config: Pick<Config, 'publicUrl' | 'uploadsDir' | 's3'>): PageHeads {
  const sizeOf = createImageSizes(config);
  return {
    async headFor(url: URL, answer: PageAnswer | undefined): Promise<PageHead | undefined> {
      const path = matchClientPage(url.pathname)?.page.path;
      if (path === '/view-recipe/:recipeId') {
        // No answer for a recipe address means it is not public: a draft, deleted, unknown or not an id at all.
        if (!answer?.recipe) return NOINDEX;
        const images = await imagesOf(answer.recipe, config.publicUrl, sizeOf);
        return recipeHead(answer.recipe, config.publicUrl, images);
      }
      if (path === '/recipes' && answer) return listHead(url, config.publicUrl);
      return undefined;
    },
  };
}
