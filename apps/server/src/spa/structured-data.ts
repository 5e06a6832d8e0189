import { isSectionHeading, type RecipeView } from '@forkful/contracts';
import type { AggregateRating, HowToSection, HowToStep, ImageObject, Person, Recipe, WithContext } from 'schema-dts';
import { jsonInHtml } from './spa-pages.js';

/*
 * What a published recipe page says about itself to search engines and link previews (issue 21, docs/decisions/023):
 * a schema.org Recipe as JSON-LD, typed against the schema.org vocabulary by schema-dts (the builder's result
 * `satisfies WithContext<Recipe>`, so a misspelt or mistyped property does not compile), and the Open Graph and
 * Twitter card tags built from the same values.
 */

export const SITE_NAME = 'Forkful';

/** A photo variant as an absolute URL, with its size in pixels (height when the file could be read). */
export interface SizedImage {
  url: string;
  width: number;
  height: number | undefined;
}

/** The address of a recipe's page under the site's public URL (config.publicUrl, no trailing slash). */
export function recipePageUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/view-recipe/${encodeURIComponent(id)}`;
}

export function profilePageUrl(publicUrl: string, userId: string): string {
  return `${publicUrl}/users/profile/${encodeURIComponent(userId)}`;
}

/**
 * An image address as an absolute http(s) URL: the API's local images are paths under the site (`/uploads/…`),
 * S3 images are already absolute. Anything else (another scheme) is dropped rather than published.
 */
export function absoluteUrl(publicUrl: string, url: string): string | undefined {
  if (url.startsWith('/') && !url.startsWith('//')) return `${publicUrl}${url}`;
  return /^https?:\/\//i.test(url) ? url : undefined;
}

/** Whole minutes as an ISO 8601 duration ('PT1H30M'); none for zero or less. */
export function isoDuration(minutes: number): string | undefined {
  if (!Number.isFinite(minutes) || minutes <= 0) return undefined;
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

/** The text a preview shows: the introduction on one line, cut at a word near `max` characters. */
export function summaryOf(recipe: Pick<RecipeView, 'title' | 'introduction' | 'author'>, max = 200): string {
  const text = recipe.introduction.replace(/\s+/g, ' ').trim();
  if (text === '') return `${recipe.title}: a recipe by ${recipe.author.name} on ${SITE_NAME}.`;
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/**
 * Steps as HowToStep, grouped into HowToSection where the cook wrote section headings ('For the sauce:', the rule
 * the recipe page and the ingredient parser use). A heading is a section's name, never a step; steps before the
 * first heading stay steps of their own. A heading with no step under it is dropped.
 */
export function instructionsOf(steps: readonly string[]): Array<HowToStep | HowToSection> {
  const out: Array<HowToStep | HowToSection> = [];
  let section: { name: string; steps: HowToStep[] } | undefined;
  const flush = () => {
    if (section && section.steps.length > 0) {
      out.push({
        '@type': 'HowToSection',
        name: section.name,
        itemListElement: section.steps,
      } satisfies HowToSection);
    }
    section = undefined;
  };
  for (const raw of steps) {
    const text = raw.trim();
    if (text === '') continue;
    if (isSectionHeading(text)) {
      flush();
      section = { name: text.replace(/:\s*$/, ''), steps: [] };
      continue;
    }
    const step = { '@type': 'HowToStep', text } satisfies HowToStep;
    if (section) section.steps.push(step);
    else out.push(step);
  }
  flush();
  return out;
}

/** Ingredient lines without the section headings among them (a heading is not an ingredient). */
export function ingredientsOf(recipe: Pick<RecipeView, 'ingredients' | 'ingredientDetails'>): string[] {
  return recipe.ingredients
    .map((line, index) => ({ line: line.trim(), heading: recipe.ingredientDetails[index]?.isHeading }))
    .filter(({ line, heading }) => line !== '' && !(heading ?? isSectionHeading(line)))
    .map(({ line }) => line);
}

/** Servings as a bare number first (what Google asks for), then the yield as the cook wrote it. */
export function yieldOf(recipe: Pick<RecipeView, 'servings' | 'yieldText'>): string[] {
  const yields: string[] = [];
  if (recipe.servings !== null) yields.push(String(recipe.servings));
  const text = recipe.yieldText?.trim();
  if (text) yields.push(text);
  return yields;
}

/** The schema.org Recipe of a published recipe's page. `images`: its photo's variants, largest first. */
export function recipeStructuredData(
  recipe: RecipeView,
  publicUrl: string,
  images: readonly SizedImage[],
): WithContext<Recipe> {
  const url = recipePageUrl(publicUrl, recipe._id);
  const author = {
    '@type': 'Person',
    name: recipe.author.name,
    url: profilePageUrl(publicUrl, recipe.author._id),
  } satisfies Person;
  const image = images.map(
    (variant) =>
      ({
        '@type': 'ImageObject',
        url: variant.url,
        contentUrl: variant.url,
        width: { '@type': 'QuantitativeValue', value: variant.width, unitCode: 'E37' },
        ...(variant.height !== undefined
          ? { height: { '@type': 'QuantitativeValue', value: variant.height, unitCode: 'E37' } }
          : {}),
      }) satisfies ImageObject,
  );
  const rating =
    recipe.totalReviews > 0
      ? ({
          '@type': 'AggregateRating',
          ratingValue: recipe.avgRating,
          ratingCount: recipe.totalReviews,
          reviewCount: recipe.totalReviews,
          bestRating: 5,
          worstRating: 1,
        } satisfies AggregateRating)
      : undefined;
  const totalTime = isoDuration(recipe.cookingTime);
  const description = recipe.introduction.trim();
  const yields = yieldOf(recipe);
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    '@id': `${url}#recipe`,
    name: recipe.title,
    url,
    mainEntityOfPage: url,
    ...(image.length > 0 ? { image } : {}),
    author,
    datePublished: recipe.createdAt,
    dateModified: recipe.updatedAt,
    ...(description ? { description } : {}),
    recipeIngredient: ingredientsOf(recipe),
    recipeInstructions: instructionsOf(recipe.steps),
    ...(totalTime ? { totalTime } : {}),
    ...(yields.length > 0 ? { recipeYield: yields.length === 1 ? yields[0] : yields } : {}),
    ...(rating ? { aggregateRating: rating } : {}),
    publisher: { '@type': 'Organization', name: SITE_NAME, url: `${publicUrl}/` },
  } satisfies WithContext<Recipe>;
}

/**
 * The JSON-LD element. `jsonInHtml` writes `<`, `>` and `&` as \u escapes, so no `</script>` or `<!--` in a title
 * can end or change the element, and U+2028/U+2029 too; the text still parses to the same value.
 */
export function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${jsonInHtml(JSON.stringify(data))}</script>`;
}
