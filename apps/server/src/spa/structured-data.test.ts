// The schema.org Recipe a published recipe's page carries (docs/decisions/023): the builder's output checked against
// Google's required and recommended properties (src/test/recipe-rich-results.ts); its types are checked by schema-dts
// at build time (`satisfies WithContext<Recipe>` in structured-data.ts).
import type { RecipeView } from '@forkful/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { recipeRichResultProblems } from '../test/recipe-rich-results.js';
import { webpSize } from './image-sizes.js';
import {
  absoluteUrl,
  ingredientsOf,
  instructionsOf,
  isoDuration,
  jsonLdScript,
  recipeStructuredData,
  summaryOf,
} from './structured-data.js';

const BASE = 'https://forkful.example';

// The recipe's source (issue 21's import): none here, given so the fixture is whole with or without those fields.
const unsourced = { sourceUrl: null, sourceSiteName: null };

function recipe(overrides: Partial<RecipeView> = {}): RecipeView {
  return {
    ...unsourced,
    _id: '0b7c1f3e-8a51-4c1e-9d0c-2f8f3a6b9e10',
    title: 'Tomato Soup',
    introduction: 'A warming bowl for cold evenings.',
    cookingTime: 95,
    recipePhoto: '/uploads/recipe-abc-v3-1280.webp',
    recipePhotoVariants: [],
    isPublished: true,
    author: { _id: '5d0e2f4a-1b2c-4d3e-8f4a-5b6c7d8e9f00', name: 'Ada Cook' },
    avgRating: 0,
    totalReviews: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T11:30:00.000Z',
    ingredients: ['For the soup:', '4 tomatoes', '1 onion', 'Topping:', '2 tbsp cream'],
    steps: ['Chop everything', 'For the soup:', 'Simmer for 20 minutes', 'Blend'],
    servings: 4,
    yieldText: '1.5 litres',
    ingredientDetails: [],
    ...overrides,
  };
}

const photo = [
  { url: `${BASE}/uploads/recipe-abc-v3-1280.webp`, width: 1280, height: 853 },
  { url: `${BASE}/uploads/recipe-abc-v3-640.webp`, width: 640, height: 427 },
];

describe('recipeStructuredData', () => {
  it('has every property Google asks for that Forkful has, and passes the rich-result check', () => {
    const data = recipeStructuredData(recipe({ avgRating: 4.5, totalReviews: 2 }), BASE, photo);
    expect(recipeRichResultProblems(JSON.parse(JSON.stringify(data)))).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: 'Tomato Soup',
      url: `${BASE}/view-recipe/0b7c1f3e-8a51-4c1e-9d0c-2f8f3a6b9e10`,
      author: {
        '@type': 'Person',
        name: 'Ada Cook',
        url: `${BASE}/users/profile/5d0e2f4a-1b2c-4d3e-8f4a-5b6c7d8e9f00`,
      },
      datePublished: '2026-11-20T10:00:00.000Z',
      dateModified: '2026-11-21T11:30:00.000Z',
      description: 'A warming bowl for cold evenings.',
      totalTime: 'PT1H35M',
      recipeYield: ['4', '1.5 litres'],
      recipeIngredient: ['4 tomatoes', '1 onion', '2 tbsp cream'],
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, ratingCount: 2, reviewCount: 2 },
      image: [
        { '@type': 'ImageObject', url: photo[0]?.url, width: { value: 1280 }, height: { value: 853 } },
        { '@type': 'ImageObject', url: photo[1]?.url, width: { value: 640 }, height: { value: 427 } },
      ],
    });
  });

  it('has no aggregateRating without reviews, and no image, yield or description where the recipe has none', () => {
    const data = recipeStructuredData(
      recipe({ introduction: '  ', servings: null, yieldText: null, cookingTime: 0 }),
      BASE,
      [],
    );
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('recipeYield');
    expect(data).not.toHaveProperty('description');
    expect(data).not.toHaveProperty('totalTime');
    // Google requires an image: the check says so for a recipe without a photo.
    expect(recipeRichResultProblems(JSON.parse(JSON.stringify(data)))).toEqual(['image: required']);
  });

  it('the check finds what is wrong (so an empty problem list means something)', () => {
    const broken = {
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: '',
      image: ['/relative.webp'],
      author: 'Ada',
      datePublished: 'yesterday',
      recipeIngredient: [],
      recipeInstructions: [{ '@type': 'HowToSection', name: 'Soup', itemListElement: [] }, 'Stir'],
      totalTime: '95 minutes',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 7, ratingCount: 0 },
    };
    expect(recipeRichResultProblems(broken)).toEqual([
      'name: required',
      'image[0]: not an absolute URL',
      'author: not a Person with a name',
      'datePublished: not an ISO 8601 date',
      'recipeIngredient: not a non-empty list of texts',
      'recipeInstructions[0].itemListElement: no steps',
      'recipeInstructions[1]: not a HowToStep',
      'totalTime: not an ISO 8601 duration',
      'aggregateRating.ratingValue: out of range',
      'aggregateRating: needs a ratingCount or reviewCount of at least 1',
      '$.name: empty value',
    ]);
  });
});

describe('the parts', () => {
  it('steps are HowToSteps; a heading starts a HowToSection and is never a step', () => {
    expect(instructionsOf(['Chop everything', 'For the soup:', 'Simmer', 'Blend', 'Empty:', ' '])).toEqual([
      { '@type': 'HowToStep', text: 'Chop everything' },
      {
        '@type': 'HowToSection',
        name: 'For the soup',
        itemListElement: [
          { '@type': 'HowToStep', text: 'Simmer' },
          { '@type': 'HowToStep', text: 'Blend' },
        ],
      },
    ]);
  });

  it('ingredients leave out section headings, by the parsed details where there are any', () => {
    const details = (isHeading: boolean) => ({
      text: '',
      quantity: null,
      quantityMax: null,
      unit: null,
      food: null,
      note: null,
      isHeading,
    });
    expect(ingredientsOf(recipe())).toEqual(['4 tomatoes', '1 onion', '2 tbsp cream']);
    expect(
      ingredientsOf({ ingredients: ['Sauce:', '1 egg'], ingredientDetails: [details(false), details(false)] }),
    ).toEqual(['Sauce:', '1 egg']);
  });

  it('durations are ISO 8601', () => {
    expect([0, -5, 1, 45, 60, 61, 600].map(isoDuration)).toEqual([
      undefined,
      undefined,
      'PT1M',
      'PT45M',
      'PT1H',
      'PT1H1M',
      'PT10H',
    ]);
  });

  it('image addresses are absolute http(s) URLs; any other scheme is dropped', () => {
    expect(absoluteUrl(BASE, '/uploads/a.webp')).toBe(`${BASE}/uploads/a.webp`);
    expect(absoluteUrl(BASE, 'https://cdn.example/a.webp')).toBe('https://cdn.example/a.webp');
    expect(absoluteUrl(BASE, 'javascript:alert(1)')).toBeUndefined();
    expect(absoluteUrl(BASE, '//evil.example/a.webp')).toBeUndefined();
  });

  it('the preview text is the introduction on one line, cut at a word; or says whose recipe it is', () => {
    expect(summaryOf(recipe({ introduction: 'Short\n\nand sweet.' }))).toBe('Short and sweet.');
    const long = summaryOf(recipe({ introduction: 'word '.repeat(100) }));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('word…')).toBe(true);
    expect(summaryOf(recipe({ introduction: '' }))).toBe('Tomato Soup: a recipe by Ada Cook on Forkful.');
  });

  it('the JSON-LD element cannot be closed or changed by what a recipe says', () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028\u2029 & >';
    const script = jsonLdScript({ name: hostile });
    const inner = script.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(inner)).toEqual({ name: hostile });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('webpSize', () => {
  it('reads the size of lossy, lossless and extended WebP files from their header', async () => {
    const base = sharp({ create: { width: 321, height: 123, channels: 3, background: '#c84' } });
    const alpha = sharp({ create: { width: 77, height: 45, channels: 4, background: '#c848' } });
    const files = [
      await base.clone().webp().toBuffer(),
      await base.clone().webp({ lossless: true }).toBuffer(),
      await alpha.clone().webp().toBuffer(),
    ];
    expect(files.map((file) => webpSize(file.subarray(0, 30)))).toEqual([
      { width: 321, height: 123 },
      { width: 321, height: 123 },
      { width: 77, height: 45 },
    ]);
    expect(webpSize(Buffer.from('not an image at all, thirty+ bytes long'))).toBeUndefined();
  });
});
