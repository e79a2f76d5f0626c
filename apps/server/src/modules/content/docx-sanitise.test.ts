import { describe, expect, it } from 'vitest';
import { sanitizeDocumentHtml } from '../../lib/document-pool/document-html.js';

/**
 * The settings of the reading view's sanitiser, fed raw HTML directly (mammoth never produces most
 * of this markup, so the tests through a real .docx cannot tell whether the settings would let it
 * through). Whatever a future mammoth, or a hand-made document, hands over: no styles, no event
 * attributes, no script-bearing URLs, no embedded or scripted elements.
 */

const clean = (html: string) => sanitizeDocumentHtml(html);

describe('sanitising the reading view of a delivered document', () => {
  it('drops style attributes and <style> elements, keeping the text', async () => {
    const html = await clean(
      '<style>p { color: red }</style><p style="color:red" class="x">Hi <strong style="font-weight:900">there</strong></p><h2 style="display:none">Hidden?</h2>',
    );
    expect(html).toBe('<p>Hi <strong>there</strong></p><h2>Hidden?</h2>');
    expect(html).not.toMatch(/style/i);
  });

  it('drops every on* event attribute', async () => {
    const html = await clean(
      '<p onclick="alert(1)">a</p><img src="x" onerror="alert(2)"><a href="https://example.com/" onmouseover="alert(3)" ONFOCUS="alert(4)">l</a><li onload="alert(5)">i</li>',
    );
    expect(html).not.toMatch(/\son\w+\s*=/i);
    expect(html).not.toMatch(/alert/);
    expect(html).toContain('<p>a</p>');
    expect(html).toContain('<li>i</li>');
  });

  it.each([
    ['javascript: in href', '<a href="javascript:alert(1)">x</a>'],
    ['javascript: in mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['javascript: after whitespace', '<a href="  javascript:alert(1)">x</a>'],
    ['javascript: with an entity', '<a href="java&#x09;script:alert(1)">x</a>'],
    ['data: in href', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['vbscript: in href', '<a href="vbscript:msgbox(1)">x</a>'],
    ['a protocol-relative href', '<a href="//evil.example/">x</a>'],
  ])('drops %s', async (_name, input) => {
    const html = await clean(input);
    expect(html).toBe('<a>x</a>');
  });

  it('drops images, whatever their src (nothing in the view loads on its own)', async () => {
    const html = await clean('<p>a<img src="data:image/png;base64,AAAA">b<img src="javascript:alert(1)">c<img src="https://example.com/t.png"></p>');
    expect(html).toBe('<p>abc</p>');
  });

  it('drops <iframe>, <script> and other embedding or scripted elements', async () => {
    const html = await clean(
      [
        '<iframe src="https://evil.example/"></iframe>',
        '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
        '<script>alert(1)</script>',
        '<script src="https://evil.example/x.js"></script>',
        '<object data="x.swf"></object>',
        '<embed src="x.swf">',
        '<svg onload="alert(1)"><script>alert(2)</script></svg>',
        '<form action="https://evil.example/"><input name="q"><button>go</button></form>',
        '<link rel="stylesheet" href="https://evil.example/x.css">',
        '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
        '<base href="https://evil.example/">',
        '<p>after</p>',
      ].join(''),
    );
    expect(html).not.toMatch(/<(iframe|script|object|embed|svg|form|input|button|link|meta|base)\b/i);
    expect(html).not.toMatch(/alert|evil/);
    expect(html).toContain('<p>after</p>');
  });

  it('keeps ordinary document markup: paragraphs, emphasis, headings, lists, tables and safe links', async () => {
    const input = [
      '<h1>Title</h1>',
      '<h2>Section</h2>',
      '<h3>Sub</h3>',
      '<p>Plain <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s> H<sub>2</sub>O x<sup>2</sup><br />next line</p>',
      '<ul><li>one</li><li>two</li></ul>',
      '<ol><li>first</li></ol>',
      '<blockquote>quoted</blockquote>',
      '<pre><code>code()</code></pre>',
      '<table><thead><tr><th>h</th></tr></thead><tbody><tr><td colspan="2" rowspan="1">c</td></tr></tbody></table>',
      '<p><a href="#note-1">[1]</a></p>',
    ].join('');
    expect(await clean(input)).toBe(input);
  });

  it('keeps https, http and mailto links, opening them elsewhere without telling the target anything', async () => {
    const html = await clean(
      '<p><a href="https://example.com/a?b=1&amp;c=2">web</a> <a href="http://example.com/">old</a> <a href="mailto:editor@example.com">mail</a></p>',
    );
    expect(html).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">web</a> ' +
        '<a href="http://example.com/" rel="noopener noreferrer nofollow" target="_blank">old</a> ' +
        '<a href="mailto:editor@example.com" rel="noopener noreferrer nofollow" target="_blank">mail</a></p>',
    );
  });

  it('drops every id and name, so a bookmark cannot become a named property of the page (cookie, __proto__)', async () => {
    const html = await clean(
      [
        '<p id="cookie">a</p>',
        '<a id="__proto__" name="cookie" href="https://example.com/">b</a>',
        '<a name="_GoBack"></a>',
        '<li id="constructor" name="x">c</li>',
        '<h2 id="domain">d</h2>',
        '<table id="t" name="t"><tbody><tr><td id="c1" name="c1">e</td></tr></tbody></table>',
      ].join(''),
    );
    expect(html).not.toMatch(/\sid=|\sname=/i);
    expect(html).toBe(
      '<p>a</p><a href="https://example.com/" rel="noopener noreferrer nofollow" target="_blank">b</a><a></a><li>c</li><h2>d</h2>' +
        '<table><tbody><tr><td>e</td></tr></tbody></table>',
    );
  });
});
