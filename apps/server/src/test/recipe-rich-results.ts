/*
 * A run-time check of a schema.org Recipe against what Google's recipe rich results require and recommend
 * (developers.google.com/search/docs/appearance/structured-data/recipe), for the properties Forkful has. The builder
 * is typed by schema-dts at build time; this checks the values the page actually carries: the JSON-LD parsed back out
 * of the HTML. Returns the problems found, none for a good recipe.
 */

type Json = unknown;

const ISO_DURATION = /^P(?!$)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;
const KNOWN_TYPES = new Set([
  'Recipe',
  'Person',
  'Organization',
  'ImageObject',
  'QuantitativeValue',
  'HowToStep',
  'HowToSection',
  'AggregateRating',
]);

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: Json): value is string => typeof value === 'string' && value.trim() !== '';
const isAbsoluteUrl = (value: Json) => typeof value === 'string' && /^https?:\/\/[^/\s]+/.test(value);
const isDate = (value: Json) =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value) &&
  !isNaN(Date.parse(value));
const pixels = (value: Json) => (isObject(value) ? value.value : value);

function everyNode(value: Json, visit: (node: Record<string, Json>, path: string) => void, path = '$'): void {
  if (Array.isArray(value)) value.forEach((item, index) => everyNode(item, visit, `${path}[${index}]`));
  else if (isObject(value)) {
    visit(value, path);
    for (const [key, child] of Object.entries(value)) everyNode(child, visit, `${path}.${key}`);
  }
}

function checkImage(image: Json, problems: string[]): void {
  const images = Array.isArray(image) ? image : [image];
  if (images.length === 0) problems.push('image: empty');
  let largest = 0;
  for (const [index, entry] of images.entries()) {
    const url = isObject(entry) ? entry.url : entry;
    if (!isAbsoluteUrl(url)) problems.push(`image[${index}]: not an absolute URL`);
    if (isObject(entry)) {
      const width = pixels(entry.width);
      const height = pixels(entry.height);
      if (typeof width !== 'number' || width <= 0) problems.push(`image[${index}].width: not a positive number`);
      if (height !== undefined && (typeof height !== 'number' || height <= 0)) {
        problems.push(`image[${index}].height: not a positive number`);
      }
      if (typeof width === 'number' && typeof height === 'number') largest = Math.max(largest, width * height);
    }
  }
  // Google: "Images must be at least 50K pixels when multiplying width and height".
  if (images.some(isObject) && largest < 50_000) problems.push('image: none is 50,000 pixels or more');
}

function checkInstructions(instructions: Json, problems: string[]): void {
  if (!Array.isArray(instructions) || instructions.length === 0) {
    problems.push('recipeInstructions: not a non-empty list');
    return;
  }
  const step = (value: Json, where: string) => {
    if (!isObject(value) || value['@type'] !== 'HowToStep') problems.push(`${where}: not a HowToStep`);
    else if (!isText(value.text)) problems.push(`${where}.text: empty`);
  };
  instructions.forEach((entry, index) => {
    const where = `recipeInstructions[${index}]`;
    if (isObject(entry) && entry['@type'] === 'HowToSection') {
      if (!isText(entry.name)) problems.push(`${where}.name: empty`);
      const steps = entry.itemListElement;
      if (!Array.isArray(steps) || steps.length === 0) problems.push(`${where}.itemListElement: no steps`);
      else steps.forEach((inner, at) => step(inner, `${where}.itemListElement[${at}]`));
    } else step(entry, where);
  });
}

function checkRating(rating: Json, problems: string[]): void {
  if (!isObject(rating) || rating['@type'] !== 'AggregateRating') {
    problems.push('aggregateRating: not an AggregateRating');
    return;
  }
  const best = typeof rating.bestRating === 'number' ? rating.bestRating : 5;
  const worst = typeof rating.worstRating === 'number' ? rating.worstRating : 1;
  const value = rating.ratingValue;
  if (typeof value !== 'number' || value < worst || value > best)
    problems.push('aggregateRating.ratingValue: out of range');
  const count = rating.ratingCount ?? rating.reviewCount;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    problems.push('aggregateRating: needs a ratingCount or reviewCount of at least 1');
  }
}

export function recipeRichResultProblems(data: Json): string[] {
  const problems: string[] = [];
  if (!isObject(data)) return ['not a JSON object'];
  if (data['@context'] !== 'https://schema.org') problems.push('@context: not https://schema.org');
  if (data['@type'] !== 'Recipe') problems.push('@type: not Recipe');
  // Required.
  if (!isText(data.name)) problems.push('name: required');
  if (data.image === undefined) problems.push('image: required');
  else checkImage(data.image, problems);
  // Recommended, as far as Forkful has them.
  const author = data.author;
  if (!isObject(author) || author['@type'] !== 'Person' || !isText(author.name))
    problems.push('author: not a Person with a name');
  else if (!isAbsoluteUrl(author.url)) problems.push('author.url: not an absolute URL');
  if (!isDate(data.datePublished)) problems.push('datePublished: not an ISO 8601 date');
  if (data.dateModified !== undefined && !isDate(data.dateModified))
    problems.push('dateModified: not an ISO 8601 date');
  if (data.description !== undefined && !isText(data.description)) problems.push('description: empty');
  const ingredients = data.recipeIngredient;
  if (!Array.isArray(ingredients) || ingredients.length === 0 || !ingredients.every(isText)) {
    problems.push('recipeIngredient: not a non-empty list of texts');
  }
  checkInstructions(data.recipeInstructions, problems);
  for (const key of ['totalTime', 'prepTime', 'cookTime']) {
    const value = data[key];
    if (value !== undefined && (typeof value !== 'string' || !ISO_DURATION.test(value))) {
      problems.push(`${key}: not an ISO 8601 duration`);
    }
  }
  const yields = data.recipeYield;
  if (yields !== undefined) {
    const list = Array.isArray(yields) ? yields : [yields];
    if (list.length === 0 || !list.every((entry) => isText(entry) || typeof entry === 'number')) {
      problems.push('recipeYield: not a number or text');
    }
  }
  if (data.aggregateRating !== undefined) checkRating(data.aggregateRating, problems);
  if (data.url !== undefined && !isAbsoluteUrl(data.url)) problems.push('url: not an absolute URL');
  everyNode(data, (node, path) => {
    const type = node['@type'];
    if (type !== undefined && !(typeof type === 'string' && KNOWN_TYPES.has(type))) {
      problems.push(`${path}: unexpected @type ${String(type)}`);
    }
    for (const [key, value] of Object.entries(node)) {
      if (value === null || value === '') problems.push(`${path}.${key}: empty value`);
    }
  });
  return problems;
}
