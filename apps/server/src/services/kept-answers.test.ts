import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers.js';

const bytes = (text: string) => Buffer.from(text);
const text = (kept: { body: Buffer } | undefined) => kept?.body.toString();

describe('KeptAnswers', () => {
  it('keeps answers within its size in bytes, dropping the least recently read first', () => {
    const kept = new KeptAnswers(10);
    kept.set('a', '1', bytes('aaaa'));
    kept.set('b', '1', bytes('bbbb'));
    expect(kept.get('a')).toEqual({ stamp: '1', body: bytes('aaaa') }); // 'a' is now the most recent
    kept.set('c', '1', bytes('cccc')); // 12 bytes: 'b' goes
    expect(kept.get('b')).toBeUndefined();
    expect(text(kept.get('a'))).toBe('aaaa');
    expect(text(kept.get('c'))).toBe('cccc');
  });

  it('counts bytes, not characters', () => {
    const kept = new KeptAnswers(10);
    kept.set('a', '1', bytes('éé')); // 4 bytes
    kept.set('b', '1', bytes('ééé')); // 6 bytes: 10 in all, both kept
    expect(text(kept.get('a'))).toBe('éé');
    kept.set('c', '1', bytes('c')); // 11: 'b', the least recently read, goes
    expect(kept.get('b')).toBeUndefined();
    expect(text(kept.get('a'))).toBe('éé');
  });

  it('replaces an answer of the same key, and keeps none longer than its whole size', () => {
    const kept = new KeptAnswers(10);
    kept.set('a', '1', bytes('aaaa'));
    kept.set('a', '2', bytes('aaaaaa'));
    kept.set('b', '1', bytes('bbbb'));
    expect(kept.get('a')).toEqual({ stamp: '2', body: bytes('aaaaaa') });
    expect(text(kept.get('b'))).toBe('bbbb');
    kept.set('huge', '1', bytes('x'.repeat(11)));
    expect(kept.get('huge')).toBeUndefined();
    expect(text(kept.get('a'))).toBe('aaaaaa');
  });
});
