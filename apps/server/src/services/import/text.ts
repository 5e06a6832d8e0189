import { decodeHTML } from 'entities';

/** The most of one value that is read. */
const MAX_VALUE_LENGTH = 100_000;

/** Elements whose content is never text a cook reads: their words are dropped with them. */
const HIDDEN = ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'svg', 'title', 'head', 'textarea'];
/** Elements that end a line when the text keeps its lines, and part words (a space) when it does not. */
const LINE_BREAKS = new Set(['br', 'p', 'div', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ol', 'ul']);
/**
 * A tag: '<', a name, then anything but '<' or '>' up to '>'. Excluding '<' keeps the scan linear on hostile text
 * (a run of '<a' with no '>' is passed over once, not once per '<').
 */
const TAG = /<\/?([a-zA-Z][a-zA-Z0-9-]*)(?:\s[^<>]*)?\/?>/g;

/**
 * Drops each hidden element with its content, by plain searching (linear: each search starts where the last ended;
 * an element that is never closed takes the rest of the text with it).
 */
function dropHidden(text: string): string {
  const lower = text.toLowerCase();
  if (!lower.includes('<!--') && !HIDDEN.some((name) => lower.includes(`<${name}`))) return text;
  const kept: string[] = [];
  let position = 0;
  const opening = new RegExp(`<(${HIDDEN.join('|')})(?=[\\s/>])|<!--`, 'g');
  while (position < text.length) {
    opening.lastIndex = position;
    const found = opening.exec(lower);
    if (!found) break;
    kept.push(text.slice(position, found.index));
    const closing = found[1] ? `</${found[1]}` : '-->';
    const close = lower.indexOf(closing, found.index + found[0].length);
    if (close === -1) {
      position = text.length;
      break;
    }
    const end = lower.indexOf('>', close + closing.length - 1);
    position = end === -1 ? text.length : end + 1;
  }
  kept.push(text.slice(position));
  return kept.join(' ');
}

/**
 * The words a value from a page holds: tags stripped (and what script, style and the like hold), HTML entities
 * decoded (also when a JSON string carries them: 'Pisk&oacute;ta', '&amp;'), whitespace collapsed. With `keepLines`,
 * a line break or a block element ends a line and lines stay apart ('\n'); otherwise all is one line. Plain
 * searches and one linear pattern: no parser stack, so a value of 100,000 nested tags costs no more than its length.
 */
export function cleanText(value: string, { keepLines = false } = {}): string {
  // No field a recipe has needs more (an entry is at most 1,000 characters, an introduction 2,000).
  let text = value.length > MAX_VALUE_LENGTH ? value.slice(0, MAX_VALUE_LENGTH) : value;
  if (text.includes('<')) {
    // Inline tags join their words as a browser shows them ('<b>1</b>/2'); block tags part them.
    text = dropHidden(text).replace(TAG, (_tag, name: string) =>
      LINE_BREAKS.has(name.toLowerCase()) ? (keepLines ? '\n' : ' ') : '',
    );
  }
  if (text.includes('&')) {
    text = decodeHTML(text);
    // A value encoded twice ('&amp;oacute;') is decoded once more: cooks never mean the entity's letters.
    if (/&[#a-z0-9]+;/i.test(text)) text = decodeHTML(text);
    // Decoding may reveal markup ('&lt;b&gt;'): it is text that was meant as a tag, so it goes too.
    if (text.includes('<')) text = dropHidden(text).replace(TAG, '');
  }
  text = text.replace(/\u00a0/g, ' ');
  if (!keepLines) return text.replace(/\s+/g, ' ').trim();
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** The lines of a text (after `cleanText` with `keepLines`). */
export function linesOf(value: string): string[] {
  return cleanText(value, { keepLines: true })
    .split('\n')
    .filter((line) => line !== '');
}

/** A tag's start and attributes: '<', a letter, then anything but '<' or '>' (linear, like TAG). */
const TAG_START = /<[a-zA-Z][^<>]*/g;
/** One attribute: its name, and its value (double-quoted, single-quoted or bare) when it has one. */
const ATTRIBUTE = /[\s/]*([^\s/>][^\s/>=]*)(?:\s*=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s>]*)))?/y;
/** Browsers skip whitespace and control characters inside an address's scheme ('java\tscript:'). */
// eslint-disable-next-line no-control-regex -- the control characters are what this removes
const IGNORED_IN_SCHEME = /[\u0000-\u0020]+/g;
/** An address as a browser reads its scheme: whitespace and control characters gone. */
export const compactAddress = (value: string): string => value.replace(IGNORED_IN_SCHEME, '');
/**
 * A script address, except the no-op ones pages use on elements they handle otherwise ('javascript:void(0)',
 * 'javascript:;', blueapron.com's ingredients in the corpus): they run nothing.
 */
const isScriptUrl = (value: string) => {
  const address = compactAddress(value);
  return /^(?:javascript|vbscript):/i.test(address) && !/^javascript:(?:void\(?0\)?)?;?$/i.test(address);
};

/** Whether a tag (as TAG_START matched it) has an event-handler attribute or a script address in an attribute. */
function activeTag(tag: string): boolean {
  ATTRIBUTE.lastIndex = /^<[a-zA-Z][a-zA-Z0-9-]*/.exec(tag)![0].length;
  for (let found = ATTRIBUTE.exec(tag); found && found[0] !== ''; found = ATTRIBUTE.exec(tag)) {
    const [, name = '', double, single, bare] = found;
    if (/^on[a-z]/i.test(name)) return true;
    const value = double ?? single ?? bare;
    if (value !== undefined && isScriptUrl(value)) return true;
  }
  return false;
}

function activeIn(text: string): boolean {
  if (/<script(?:[\s/>]|$)/i.test(text) || isScriptUrl(text.trimStart())) return true;
  if (!text.includes('<')) return false;
  for (const [tag] of text.matchAll(TAG_START)) if (activeTag(tag)) return true;
  return false;
}

/**
 * Whether a value from a page's recipe holds active content: a script element, an inline event-handler attribute,
 * or a javascript: (or vbscript:) address in an attribute or as the whole value; also when the value carries it
 * entity-encoded ('&lt;script&gt;'), since `cleanText` decodes such markup. Ordinary markup (<p>, <br>, <b>,
 * <a href="https://…">) is not active. Linear in the value, which is read as far as `cleanText` reads it.
 */
export function holdsActiveContent(value: string): boolean {
  let text = value.length > MAX_VALUE_LENGTH ? value.slice(0, MAX_VALUE_LENGTH) : value;
  // cleanText decodes a twice-encoded value twice; so does this.
  for (let pass = 0; pass < 3; pass += 1) {
    if (activeIn(text)) return true;
    if (!text.includes('&')) return false;
    const decoded = decodeHTML(text);
    if (decoded === text) return false;
    text = decoded;
  }
  return false;
}

/**
 * Where a page's active content was, for readers that see only text content (microdata): each script element is
 * replaced by this character, and one follows each tag with an event handler or a script address, so a value read
 * from an element that held them carries it. A private-use character, which `cleanText` leaves alone.
 */
export const ACTIVE_MARK = '\uE000';

/** The page with its active content marked (see ACTIVE_MARK); one pass, plain searches for the script ends. */
export function markActiveContent(html: string): string {
  const kept: string[] = [];
  let position = 0;
  let lower: string | undefined;
  const tags = new RegExp(TAG_START.source, 'g');
  for (let found = tags.exec(html); found; found = tags.exec(html)) {
    const [tag] = found;
    const end = found.index + tag.length + (html[found.index + tag.length] === '>' ? 1 : 0);
    if (/^<script(?:[\s/]|$)/i.test(tag)) {
      lower ??= html.toLowerCase();
      const close = lower.indexOf('</script', end);
      const after = close === -1 ? html.length : html.indexOf('>', close);
      kept.push(html.slice(position, found.index), ACTIVE_MARK);
      position = after === -1 ? html.length : after + 1;
      tags.lastIndex = position;
    } else if (activeTag(tag)) {
      kept.push(html.slice(position, end), ACTIVE_MARK);
      position = end;
    }
  }
  kept.push(html.slice(position));
  return kept.join('');
}
