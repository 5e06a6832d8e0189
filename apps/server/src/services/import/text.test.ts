import { describe, expect, it } from 'vitest';
import { cleanText, holdsActiveContent } from './text.js';

describe('holdsActiveContent', () => {
  it.each([
    '<script>alert(1)</script>Soup',
    'Soup <SCRIPT src="https://evil.example/x.js"></SCRIPT>',
    'Soup<script',
    '<img src=x onerror=alert(1)>',
    '<img/onerror=alert(1) src=x>',
    '<div "x" onclick="go()">Soup</div>',
    '<body onload = "go()">',
    '<a href="javascript:alert(1)">Soup</a>',
    "<a href='  JavaScript:alert(1)'>Soup</a>",
    '<a href=vbscript:msgbox(1)>Soup</a>',
    '<a href="java\tscript:alert(1)">Soup</a>',
    '<a href="jav&#x09;ascript:alert(1)">Soup</a>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '&amp;lt;img src=x onerror=alert(1)&amp;gt;',
    ' javascript:alert(1)',
    '<a href="javascript:void(0);alert(1)">Soup</a>',
    `<a href="javascript:void(0);${' '.repeat(80)}alert(1)">Soup</a>`,
  ])('finds script in %j', (value) => {
    expect(holdsActiveContent(value)).toBe(true);
  });

  it.each([
    'Add the onions = 2 cups',
    '<p>Chop the onions.</p><br/>Simmer.',
    '<a href="https://example.com/recipes/onion=1/javascript:x" title="on low">Nan</a>',
    '<b>1</b>/2 cup <em>sugar</em>',
    '1 < 2 and 3 > 2; description of javascript: none',
    'Bake at 180°C &amp; serve',
    '<img src="https://example.com/a.jpg" alt="once done">',
    "<div class='non-story' href='javascript:void(0)'>2 eggs</div>",
    '<a href="javascript:;">Soup</a>',
  ])('leaves ordinary text and markup alone: %j', (value) => {
    expect(holdsActiveContent(value)).toBe(false);
  });

  it('answers for runs of unclosed tags and entities (each scanned once)', () => {
    const hostile = '<a '.repeat(30_000) + '<b x="'.repeat(10_000) + '&amp;'.repeat(10_000);
    expect(holdsActiveContent(hostile)).toBe(false);
    expect(cleanText('<b>safe</b>')).toBe('safe');
  });
});
