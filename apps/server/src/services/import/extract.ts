import type { ImportedRecipe } from '@forkful/contracts';
import { importMessages, isHttpUrl } from '@forkful/contracts';
import { jsonrepair } from 'jsonrepair';
import { parseIngredientLines } from '../ingredients/parse.js';
import { durationMinutes } from './durations.js';
import { readMicrodata } from './microdata.js';
import { scanPage, type PageFacts } from './page.js';
import { ACTIVE_MARK, cleanText, compactAddress, holdsActiveContent, linesOf } from './text.js';
import { readYield } from './yields.js';

type Node = Record<string, unknown>;

/** How deep the importer walks into JSON-LD (a page of 100,000 nested arrays is read this far and no further). */
const MAX_DEPTH = 32;
/** The most nodes one page's JSON-LD may hold before the walk stops. */
const MAX_NODES = 20_000;
/** The most list entries read from one field (a form takes 100; the rest is warned about). */
const MAX_ITEMS = 500;

export interface Extraction {
  recipe: ImportedRecipe;
  warnings: string[];
  /**
   * The names of the page's HowToSection and HowToStep items (section titles, 'Step 1'): kept as titles, never as
   * steps. Not part of the API answer; the corpus test reads it to compare with extractors that emit them as lines.
   */
  headings: string[];
  /**
   * The Recipe's text fields that hold a script element, an event-handler attribute or a javascript: address
   * (empty for a clean recipe); such a recipe is refused (docs/decisions/022, "Scripts in the recipe").
   */
  activeContent: string[];
}

const typesOf = (node: Node): string[] => {
  const type = node['@type'];
  const list = Array.isArray(type) ? type : [type];
  return list
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.replace(/^https?:\/\/(www\.)?schema\.org\//i, '').replace(/^schema:/i, ''));
};
const isType = (node: Node, name: string) => typesOf(node).some((type) => type.toLowerCase() === name.toLowerCase());
const isObject = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses one JSON-LD block; broken JSON (trailing commas, raw control characters) is repaired leniently. */
function parseBlock(text: string): unknown {
  const source = text
    .replace(/^\s*<!--/, '')
    .replace(/-->\s*$/, '')
    .replace(/^\s*\/\/\s*<!\[CDATA\[/, '')
    .replace(/\/\/\s*\]\]>\s*$/, '')
    .trim();
  if (source === '') return undefined;
  try {
    return JSON.parse(source);
  } catch {
    try {
      return JSON.parse(jsonrepair(source));
    } catch {
      // Beyond repair, or nested deeper than a parser's stack: this block is skipped, the others still count.
      return undefined;
    }
  }
}

/** Every object in the parsed blocks (breadth first, bounded in depth and count) and an index by @id. */
function collectNodes(roots: unknown[]): { nodes: Node[]; byId: Map<string, Node> } {
  const nodes: Node[] = [];
  const byId = new Map<string, Node>();
  const queue: { value: unknown; depth: number }[] = roots.map((value) => ({ value, depth: 0 }));
  for (let index = 0; index < queue.length && nodes.length < MAX_NODES; index += 1) {
    const { value, depth } = queue[index]!;
    if (depth > MAX_DEPTH) continue;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, MAX_ITEMS)) queue.push({ value: item, depth: depth + 1 });
      continue;
    }
    if (!isObject(value)) continue;
    nodes.push(value);
    const id = value['@id'];
    if (typeof id === 'string' && Object.keys(value).length > 1 && !byId.has(id)) byId.set(id, value);
    for (const [key, child] of Object.entries(value)) {
      if (key === '@context') continue;
      if (typeof child === 'object' && child !== null) queue.push({ value: child, depth: depth + 1 });
    }
  }
  return { nodes, byId };
}

class RecipeReader {
  readonly headings: string[] = [];
  /** Picture addresses that name another scheme than http(s) (javascript:, data:): never offered, warned about. */
  ignoredImages = 0;

  constructor(
    private readonly byId: Map<string, Node>,
    private readonly base: string | null,
  ) {}

  /** A node, or the node an `{ "@id": … }` reference points to. */
  deref(value: unknown): unknown {
    if (isObject(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1) {
      return this.byId.get(value['@id']) ?? value;
    }
    return value;
  }

  /** The first value of a field that may be a list (microdata gives every value as one). */
  first(value: unknown): unknown {
    const item = this.deref(value);
    return Array.isArray(item) ? this.deref(item[0]) : item;
  }

  text(value: unknown, depth = 0): string {
    const item = this.deref(value);
    if (typeof item === 'string') return cleanText(item);
    if (typeof item === 'number' && Number.isFinite(item)) return String(item);
    if (Array.isArray(item) && depth < 3)
      return this.text(
        item.find((entry) => this.text(entry, depth + 1)),
        depth + 1,
      );
    if (isObject(item) && depth < 3) return this.text(item.name ?? item.text ?? item['@value'], depth + 1);
    return '';
  }

  /** Strings of a list field, nested arrays flattened (yemek.com's [[…]]), empty entries dropped. */
  list(value: unknown): string[] {
    const out: string[] = [];
    const visit = (item: unknown, depth: number) => {
      if (depth > MAX_DEPTH || out.length >= MAX_ITEMS) return;
      const node = this.deref(item);
      if (Array.isArray(node)) for (const entry of node) visit(entry, depth + 1);
      else {
        const text = this.text(node);
        if (text !== '') out.push(text);
      }
    };
    visit(value, 0);
    return out;
  }

  names(value: unknown): string | null {
    const found = new Set<string>();
    const visit = (item: unknown, depth: number) => {
      if (depth > 4 || found.size >= 5) return;
      const node = this.deref(item);
      if (Array.isArray(node)) for (const entry of node) visit(entry, depth + 1);
      else if (typeof node === 'string') {
        const text = cleanText(node);
        if (text && !/^https?:\/\//i.test(text)) found.add(text);
      } else if (isObject(node)) {
        const name = this.text(node.name);
        if (name) found.add(name);
      }
    };
    visit(value, 0);
    return found.size ? [...found].join(', ').slice(0, 200) : null;
  }

  absolute(value: string): string | null {
    try {
      const url = this.base ? new URL(value, this.base) : new URL(value);
      return isHttpUrl(url.href) ? url.href : null;
    } catch {
      return null;
    }
  }

  images(value: unknown): string[] {
    const out: string[] = [];
    const visit = (item: unknown, depth: number) => {
      if (depth > 4 || out.length >= 20) return;
      const node = this.deref(item);
      if (Array.isArray(node)) for (const entry of node) visit(entry, depth + 1);
      else if (typeof node === 'string') {
        const url = this.absolute(node.trim());
        if (url && !out.includes(url)) out.push(url);
        else if (!url && /^[a-z][a-z0-9+.-]*:/i.test(compactAddress(node))) {
          this.ignoredImages += 1;
        }
      } else if (isObject(node)) visit(node.url ?? node.contentUrl ?? node['@id'], depth + 1);
    };
    visit(value, 0);
    return out;
  }

  /**
   * Steps, in sections: strings, HowToStep (its text; its name is a title, never a step), HowToSection (its name
   * titles a section of its own steps), nested lists flattened, one long string split into its lines.
   */
  steps(value: unknown): { title: string | null; steps: string[] }[] {
    const sections: { title: string | null; steps: string[] }[] = [];
    let count = 0;
    const current = (title: string | null, fresh: boolean) => {
      const last = sections.at(-1);
      if (!fresh && last && last.title === null) return last;
      const section = { title, steps: [] as string[] };
      sections.push(section);
      return section;
    };
    const add = (text: string, inSection: { title: string | null; steps: string[] } | null) => {
      if (text === '' || count >= MAX_ITEMS) return;
      count += 1;
      (inSection ?? current(null, false)).steps.push(text);
    };
    const visit = (item: unknown, depth: number, section: { title: string | null; steps: string[] } | null) => {
      if (depth > MAX_DEPTH || count >= MAX_ITEMS) return;
      const node = this.deref(item);
      if (typeof node === 'string') {
        if (depth === 0) for (const line of linesOf(node)) add(line, section);
        else add(cleanText(node), section);
        return;
      }
      if (Array.isArray(node)) {
        for (const entry of node) visit(entry, depth + 1, section);
        return;
      }
      if (!isObject(node)) return;
      if (isType(node, 'HowToSection') || (isType(node, 'ItemList') && node.itemListElement !== undefined)) {
        const title = this.text(node.name) || null;
        if (title) this.headings.push(title);
        const own = section ?? (title ? current(title, true) : null);
        visit(node.itemListElement ?? node.steps ?? node.recipeInstructions, depth + 1, own);
        return;
      }
      const name = this.text(node.name);
      const body = node.text ?? node.description;
      if (body !== undefined && (typeof body === 'string' || Array.isArray(body))) {
        const lines = typeof body === 'string' ? [cleanText(body)].filter(Boolean) : this.list(body);
        if (name && !(lines.length === 1 && lines[0] === name)) this.headings.push(name);
        for (const line of lines) add(line, section);
        return;
      }
      if (node.itemListElement !== undefined) {
        if (name) this.headings.push(name);
        visit(node.itemListElement, depth + 1, section);
        return;
      }
      if (name) add(name, section);
    };
    visit(value, 0, null);
    return sections.filter((section) => section.steps.length > 0);
  }
}

function firstRecipe(nodes: Node[]): Node | undefined {
  const recipes = nodes.filter((node) => isType(node, 'Recipe'));
  return recipes.find((node) => node.recipeIngredient !== undefined || node.ingredients !== undefined) ?? recipes.at(0);
}

function siteNameOf(facts: PageFacts, recipe: Node, reader: RecipeReader, sourceUrl: string | null): string | null {
  const fromPage = facts.ogSiteName ?? facts.applicationName;
  if (fromPage) return cleanText(fromPage).slice(0, 100) || null;
  const publisher = reader.deref(recipe.publisher);
  if (isObject(publisher) && !isType(publisher, 'Person')) {
    const name = reader.text(publisher.name);
    if (name) return name.slice(0, 100);
  }
  if (sourceUrl) return new URL(sourceUrl).hostname.replace(/^www\./, '');
  return null;
}

function sourceUrlOf(url: string | null, facts: PageFacts, recipe: Node, reader: RecipeReader): string | null {
  if (url && isHttpUrl(url)) return url;
  for (const candidate of [
    facts.canonical,
    facts.ogUrl,
    reader.text(recipe.url),
    reader.text(recipe.mainEntityOfPage),
  ]) {
    if (!candidate) continue;
    if (isHttpUrl(candidate)) return candidate;
  }
  return null;
}

/** The Recipe's fields the preview's texts are read from (times are read as durations, addresses as addresses). */
const TEXT_FIELDS = [
  'name',
  'headline',
  'description',
  'recipeIngredient',
  'ingredients',
  'recipeInstructions',
  'recipeYield',
  'yield',
  'author',
  'publisher',
  'inLanguage',
] as const;
/** Inside those fields, pictures: read (or not) as addresses, never as text; a script address there is ignored. */
const PICTURE_KEYS = new Set(['image', 'thumbnailUrl', 'logo']);

/**
 * The text fields of a Recipe whose strings (nested values and `@id` references included, bounded like the rest of
 * the walk) hold active content: a script element, an event-handler attribute or a javascript: address.
 */
function activeContentOf(recipe: Node, reader: RecipeReader, fromMicrodata: boolean): string[] {
  let strings = 0;
  const seen = new Set<unknown>();
  const holds = (value: unknown, depth: number): boolean => {
    if (depth > MAX_DEPTH || strings > MAX_NODES) return false;
    const item = reader.deref(value);
    if (typeof item === 'string') {
      strings += 1;
      return holdsActiveContent(item) || (fromMicrodata && item.includes(ACTIVE_MARK));
    }
    if (typeof item !== 'object' || item === null || seen.has(item)) return false;
    seen.add(item);
    if (Array.isArray(item)) return item.slice(0, MAX_ITEMS).some((entry) => holds(entry, depth + 1));
    return Object.entries(item).some(
      ([key, entry]) => key !== '@context' && !PICTURE_KEYS.has(key) && holds(entry, depth + 1),
    );
  };
  return TEXT_FIELDS.filter((field) => holds(recipe[field], 0));
}

const FORM_LIMITS = { ingredients: 100, steps: 100, entry: 1000, introduction: 2000, title: 100 };

/**
 * Reads the schema.org Recipe a page carries: JSON-LD first (every block, top-level objects and arrays, @graph,
 * @type lists, @id references), else microdata. Null when the page has none.
 */
export function extractRecipe(html: string, url: string | null): Extraction | null {
  const facts = scanPage(html);
  const base = url ?? (facts.canonical && isHttpUrl(facts.canonical) ? facts.canonical : null);
  const roots = facts.jsonLd.map(parseBlock).filter((value) => value !== undefined);
  const { nodes, byId } = collectNodes(roots);
  let recipe = firstRecipe(nodes);
  let fromMicrodata = false;
  const warnings: string[] = [];
  if (!recipe && facts.hasMicrodataRecipe) {
    const read = readMicrodata(html, base, facts.maxDepth);
    if (read.tooDeep) warnings.push('The page is nested too deeply to read its microdata');
    recipe = firstRecipe(read.items);
    fromMicrodata = recipe !== undefined;
  }
  if (!recipe) return null;

  const reader = new RecipeReader(byId, base);
  const activeContent = activeContentOf(recipe, reader, fromMicrodata);
  const title = reader.text(recipe.name) || reader.text(recipe.headline);
  const ingredients = reader.list(recipe.recipeIngredient ?? recipe.ingredients);
  const stepSections = reader.steps(recipe.recipeInstructions);
  const steps = stepSections.flatMap((section) => section.steps);
  if (!title && ingredients.length === 0 && steps.length === 0) return null;

  const prepTime = durationMinutes(reader.first(recipe.prepTime));
  const cookTime = durationMinutes(reader.first(recipe.cookTime));
  const totalTime = durationMinutes(reader.first(recipe.totalTime));
  const cookingTime =
    totalTime ?? (prepTime !== null || cookTime !== null ? (prepTime ?? 0) + (cookTime ?? 0) : null) ?? null;
  const { servings, yieldText } = readYield(reader.deref(recipe.recipeYield) ?? reader.deref(recipe.yield));

  // The page's share photo (og:image) first: sites pick it as their main picture, sized for a preview; then the
  // Recipe's own images and thumbnail.
  const imageUrls = reader.images([facts.ogImage, recipe.image, recipe.thumbnailUrl]);

  const ingredientSections: ImportedRecipe['ingredientSections'] = [];
  const parsed = parseIngredientLines(ingredients.map((line) => line.slice(0, 500)));
  ingredients.forEach((line, index) => {
    if (parsed[index]?.isHeading) ingredientSections.push({ title: parsed[index].food ?? line, ingredients: [] });
    else {
      if (ingredientSections.length === 0) ingredientSections.push({ title: null, ingredients: [] });
      ingredientSections.at(-1)!.ingredients.push(line);
    }
  });

  const sourceUrl = sourceUrlOf(url, facts, recipe, reader);
  const language = reader.text(recipe.inLanguage) || facts.language || null;

  if (!title) warnings.push('The page gives no title: add one');
  if (ingredients.length === 0) warnings.push('The page lists no ingredients: add them');
  if (steps.length === 0) warnings.push('The page gives no steps: add them');
  if (cookingTime === null) warnings.push('The page gives no cooking time: add it');
  if (reader.ignoredImages > 0) warnings.push(importMessages.imageIgnored);
  if (imageUrls.length === 0) warnings.push('The page has no photo');
  if (ingredients.length > FORM_LIMITS.ingredients)
    warnings.push(`A recipe takes at most ${FORM_LIMITS.ingredients} ingredients: shorten the list`);
  if (steps.length > FORM_LIMITS.steps)
    warnings.push(`A recipe takes at most ${FORM_LIMITS.steps} steps: combine some`);
  if ([...ingredients, ...steps].some((entry) => entry.length > FORM_LIMITS.entry))
    warnings.push(`Some entries are longer than ${FORM_LIMITS.entry} characters: shorten them`);
  if (title && !/^[a-zA-Z0-9 \-/]+$/.test(title))
    warnings.push('A recipe title takes only letters a-z, digits, spaces, - and /: check the title');
  if (fromMicrodata) warnings.push('Read from the page’s microdata: check the steps and ingredients');

  return {
    recipe: {
      title,
      introduction: reader.text(recipe.description),
      servings,
      yieldText,
      prepTime,
      cookTime,
      totalTime,
      cookingTime,
      ingredients,
      ingredientSections,
      steps,
      stepSections,
      imageUrls,
      sourceUrl,
      siteName: siteNameOf(facts, recipe, reader, sourceUrl),
      author: reader.names(recipe.author),
      language: language ? language.slice(0, 35) : null,
    },
    warnings,
    headings: reader.headings,
    activeContent,
  };
}
