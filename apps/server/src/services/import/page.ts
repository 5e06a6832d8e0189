import { decodeHTML } from 'entities';

/** What one pass over a page finds: the JSON-LD blocks and the page's own facts. */
export interface PageFacts {
  jsonLd: string[];
  language: string | null;
  canonical: string | null;
  ogUrl: string | null;
  ogSiteName: string | null;
  ogImage: string | null;
  applicationName: string | null;
  /** Whether some element declares a schema.org Recipe item (microdata). */
  hasMicrodataRecipe: boolean;
  /** How deep elements nest, roughly (opened minus closed; a microdata parser is not handed a page nested deeper). */
  maxDepth: number;
}

const MAX_JSON_LD_BLOCKS = 50;
/** Elements that never hold others. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'param',
]);
/** Raw-text elements: their content is not markup, so the scan skips it whole. */
const RAW = new Set(['script', 'style', 'textarea', 'title']);

/** A start or end tag: a name, then attributes with no '<' or '>' in them (bounded, so the scan stays linear). */
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)([^<>]{0,8192})>/g;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const match of text.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!(name in attributes)) attributes[name] = decodeHTML(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/**
 * Reads a page once, front to back, with plain searches and one bounded tag pattern (no parser stack: an HTML
 * parser's open-element stack made 100,000 nested tags cost minutes): the text of every
 * `<script type="application/ld+json">`, `<html lang>`, the canonical link and the Open Graph names.
 */
export function scanPage(html: string): PageFacts {
  const facts: PageFacts = {
    jsonLd: [],
    language: null,
    canonical: null,
    ogUrl: null,
    ogSiteName: null,
    ogImage: null,
    applicationName: null,
    hasMicrodataRecipe: false,
    maxDepth: 0,
  };
  const lower = html.toLowerCase();
  let depth = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const closing = match[1] === '/';
    const name = match[2]!.toLowerCase();
    const rest = match[3] ?? '';
    if (closing) {
      depth = Math.max(0, depth - 1);
      continue;
    }
    const selfClosing = rest.endsWith('/');
    if (!VOID.has(name) && !selfClosing) {
      depth += 1;
      if (depth > facts.maxDepth) facts.maxDepth = depth;
    }
    const needsAttributes =
      name === 'html' ||
      name === 'link' ||
      name === 'meta' ||
      name === 'script' ||
      (!facts.hasMicrodataRecipe && rest.includes('itemtype'));
    const attributes = needsAttributes ? attributesOf(rest) : undefined;
    if (attributes) {
      if (name === 'html' && facts.language === null && attributes.lang)
        facts.language = attributes.lang.trim() || null;
      if (name === 'link' && facts.canonical === null && /(^|\s)canonical(\s|$)/i.test(attributes.rel ?? '')) {
        facts.canonical = attributes.href?.trim() || null;
      }
      if (name === 'meta') {
        const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
        const content = attributes.content?.trim() || null;
        if (key === 'og:site_name' && facts.ogSiteName === null) facts.ogSiteName = content;
        if (key === 'og:url' && facts.ogUrl === null) facts.ogUrl = content;
        if ((key === 'og:image' || key === 'og:image:url') && facts.ogImage === null) facts.ogImage = content;
        if (key === 'application-name' && facts.applicationName === null) facts.applicationName = content;
      }
      if (attributes.itemtype && /schema\.org\/Recipe\b/i.test(attributes.itemtype)) facts.hasMicrodataRecipe = true;
    }
    if (RAW.has(name) && !selfClosing) {
      // The content runs to the element's end tag; a raw element never closed takes the rest of the page.
      const start = match.index + match[0].length;
      const end = lower.indexOf(`</${name}`, start);
      if (
        name === 'script' &&
        /^\s*application\/ld\+json\s*$/i.test(attributes?.type ?? '') &&
        facts.jsonLd.length < MAX_JSON_LD_BLOCKS
      ) {
        facts.jsonLd.push(html.slice(start, end === -1 ? html.length : end));
      }
      if (end === -1) break;
      depth = Math.max(0, depth - 1);
      const after = lower.indexOf('>', end);
      if (after === -1) break;
      TAG.lastIndex = after + 1;
    }
  }
  return facts;
}
