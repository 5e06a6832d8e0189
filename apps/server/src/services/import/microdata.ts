import { toJson, type MicrodataItem } from 'microdata-node';
import { markActiveContent } from './text.js';

/** Pages nested deeper than this are not handed to the microdata parser, which builds a tree and walks it. */
export const MICRODATA_MAX_DEPTH = 1500;

const VOCABULARY = /^https?:\/\/(www\.)?schema\.org\//i;

/**
 * An element's text content as one line, as it reads: whitespace collapsed, and no space before a comma or a full
 * stop or inside brackets (the space put before every tag, see below, must not leave 'salt , to taste').
 */
function spoken(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?)\]])/g, '$1')
    .replace(/([([]) /g, '$1')
    .trim();
}

/** A microdata item as the JSON-LD reader reads nodes: '@type' and one key per property, vocabulary prefix gone. */
function toNode(item: MicrodataItem, depth: number): Record<string, unknown> {
  const node: Record<string, unknown> = { '@type': (item.type ?? []).map((type) => type.replace(VOCABULARY, '')) };
  for (const [key, values] of Object.entries(item.properties)) {
    const name = key.replace(VOCABULARY, '');
    const read = values
      .map((value) => (typeof value === 'string' ? spoken(value) : depth < 16 ? toNode(value, depth + 1) : null))
      .filter((value) => value !== null && value !== '');
    if (read.length === 0) continue;
    const existing = node[name];
    node[name] = Array.isArray(existing) ? [...(existing as unknown[]), ...read] : read;
  }
  return node;
}

/**
 * The items of a page's microdata (microdata-node), as nodes. Its text values are an element's text content, in
 * which two neighbouring elements' words run together ('150' + 'g' + 'Risottoreis'); a space before every tag keeps
 * them apart, as a browser's rendering (and extruct, which the corpus was made with) does. Whitespace is collapsed
 * later, so the extra spaces cost nothing.
 */
export function readMicrodata(
  html: string,
  base: string | null,
  maxDepth: number,
): { items: Record<string, unknown>[]; tooDeep: boolean } {
  if (maxDepth > MICRODATA_MAX_DEPTH) return { items: [], tooDeep: true };
  try {
    // Scripts and event handlers leave ACTIVE_MARK in the text of the element that held them (decision 022).
    const spaced = markActiveContent(html).replace(/<(?=\/?[a-zA-Z])/g, ' <');
    const { items } = toJson(spaced, base ? { base } : {});
    const nodes: Record<string, unknown>[] = [];
    const visit = (item: MicrodataItem, depth: number) => {
      if (depth > 16) return;
      nodes.push(toNode(item, 0));
      for (const values of Object.values(item.properties)) {
        for (const value of values) if (typeof value !== 'string') visit(value, depth + 1);
      }
    };
    for (const item of items.slice(0, 200)) visit(item, 0);
    return { items: nodes, tooDeep: false };
  } catch {
    return { items: [], tooDeep: false };
  }
}
