import { describe, expect, it } from 'vitest';
import {
  articleText,
  sanitizeArticleHtml,
} from '../../../src/modules/business-guide/sanitize-article-html.js';
import { documentTerms, keywordQuery } from '../../../src/modules/business-guide/search-terms.js';
import { xssCorpus } from './xss-corpus.js';

/** What survives must carry no script: checked on the output string. */
function assertHarmless(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toMatch(/<script|<\/script/);
  expect(lower).not.toMatch(
    /<(iframe|object|embed|svg|math|style|form|input|meta|link|base|body)\b/,
  );
  expect(lower).not.toMatch(/\son[a-z]+\s*=/);
  expect(lower).not.toMatch(/javascript:|vbscript:|data:/);
  expect(lower).not.toMatch(/expression\s*\(|behavior\s*:|-moz-binding|url\s*\(/);
  expect(lower).not.toMatch(/href="\/\//);
}

describe('article body sanitisation', () => {
  it.each(xssCorpus)('leaves nothing executable of %s', (payload) => {
    assertHarmless(sanitizeArticleHtml(payload));
    // Wrapped in ordinary content too, as the editor would send it.
    assertHarmless(sanitizeArticleHtml(`<p>before</p>${payload}<p>after</p>`));
  });

  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2 style="text-align: center">标题</h2>' +
      '<p style="text-align: justify"><strong>bold</strong> <em>italic</em> <u>underline</u> <s>strike</s></p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol>' +
      '<blockquote><p>quote</p></blockquote>' +
      '<p><a href="https://www.gov.cn/zhengce/" target="_blank">link</a> <a href="mailto:desk@example.org">mail</a></p>' +
      '<table style="min-width: 50px"><colgroup><col style="min-width: 25px"><col style="min-width: 25px"></colgroup>' +
      '<tbody><tr><th colspan="1" rowspan="1"><p>h</p></th><th colspan="1" rowspan="1"><p>h2</p></th></tr>' +
      '<tr><td colspan="2" rowspan="1"><p>cell</p></td></tr></tbody></table>' +
      '<img src="/file-go-fastdfs/files/0b7c3c9e-1111-4a1a-9c1e-123456789abc.png" alt="map" width="320">' +
      '<img src="https://example.org/a.jpg" alt="remote">';
    const clean = sanitizeArticleHtml(html);
    expect(clean).toContain('<h2 style="text-align:center">标题</h2>');
    expect(clean).toContain('<p style="text-align:justify">');
    for (const tag of [
      '<strong>',
      '<em>',
      '<u>',
      '<s>',
      '<ul>',
      '<ol start="3">',
      '<blockquote>',
    ]) {
      expect(clean).toContain(tag);
    }
    expect(clean).toContain(
      '<a href="https://www.gov.cn/zhengce/" target="_blank" rel="noopener noreferrer nofollow">link</a>',
    );
    expect(clean).toContain('<a href="mailto:desk@example.org">mail</a>');
    expect(clean).toContain('<td colspan="2" rowspan="1"><p>cell</p></td>');
    expect(clean).toContain('<col style="min-width:25px" />');
    expect(clean).toContain(
      '<img src="/file-go-fastdfs/files/0b7c3c9e-1111-4a1a-9c1e-123456789abc.png" alt="map" width="320" />',
    );
    expect(clean).toContain('<img src="https://example.org/a.jpg" alt="remote" />');
  });

  it('drops the handler but keeps a safe link', () => {
    expect(sanitizeArticleHtml('<a href="https://example.org" onclick="alert(1)">ok</a>')).toBe(
      '<a href="https://example.org">ok</a>',
    );
  });

  it('gives the readable text for search', () => {
    expect(
      articleText(
        '<p>Hello&nbsp;<b>world</b></p><p>城市&amp;管理</p><ul><li>a</li><li>b</li></ul>',
      ),
    ).toBe('Hello world 城市&管理 a b');
  });

  it("counts an image's text alternative as article text, and nothing else of the tag", () => {
    expect(
      articleText(
        sanitizeArticleHtml(
          '<p>巡查</p><img src="/file-go-fastdfs/files/a.png" alt="伸缩缝 &amp; joints" title="t"><img src="/b.png">',
        ),
      ),
    ).toBe('巡查 伸缩缝 & joints');
  });
});

describe('search terms', () => {
  it('indexes Han text as characters and bigrams and words with their prefixes', () => {
    const terms = documentTerms('城市管理 Regulations');
    expect(terms).toEqual(
      expect.arrayContaining(['城', '城市', '市管', '管理', 're', 'reg', 'regulations']),
    );
  });

  it('asks for bigrams and confirms long Han phrases', () => {
    expect(keywordQuery('垃圾分类')).toEqual({
      terms: ['垃圾', '圾分', '分类'],
      phrases: ['垃圾分类'],
    });
    expect(keywordQuery('法')).toEqual({ terms: ['法'], phrases: [] });
    expect(keywordQuery('  Waste SORTING ')).toEqual({ terms: ['waste', 'sorting'], phrases: [] });
  });
});
