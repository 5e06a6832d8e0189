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
