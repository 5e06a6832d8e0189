import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers.js';

describe('KeptAnswers', () => {
  it('keeps answers within its size, dropping the least recently read first', () => {
    const kept = new KeptAnswers(10);
    kept.set('a', '1', 'aaaa');
    kept.set('b', '1', 'bbbb');
    expect(kept.get('a')).toEqual({ stamp: '1', text: 'aaaa' }); // 'a' is now the most recent
    kept.set('c', '1', 'cccc'); // 12 characters: 'b' goes
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')?.text).toBe('aaaa');
    expect(kept.get('c')?.text).toBe('cccc');
  });

  it('replaces an answer of the same key, and keeps none longer than its whole size', () => {
    const kept = new KeptAnswers(10);
    kept.set('a', '1', 'aaaa');
    kept.set('a', '2', 'aaaaaa');
    kept.set('b', '1', 'bbbb');
    expect(kept.get('a')).toEqual({ stamp: '2', text: 'aaaaaa' });
    expect(kept.get('b')?.text).toBe('bbbb');
    kept.set('huge', '1', 'x'.repeat(11));
    expect(kept.get('huge')).toBeUndefined();
    expect(kept.get('a')?.text).toBe('aaaaaa');
  });
});
