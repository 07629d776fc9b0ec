import {
  applyAppearance,
  cssUrl,
  readAppearance,
  readBodyBackgroundImage,
  setBodyBackground,
} from '@contracts/site/stylesheet';
import {
  defaultJournalAppearance,
  defaultJournalStylesheet,
  type AppearanceSettings,
} from '@contracts/site/style-model';

/** A changed copy of an appearance. */
function changed(base: AppearanceSettings): AppearanceSettings {
  return {
    ...base,
    pageBackground: '#010203',
    headerBackground: 'rgba(10, 20, 30, 0.5)',
    headerHeight: '120px',
    footerBackground: 'transparent',
    items: {
      ...base.items,
      headline: {
        'font-family': "'Oswald', sans-serif",
        'font-size': '44px',
        color: '#abcdef',
        'background-color': '#000',
      },
      menuItem: { ...base.items.menuItem, color: '#123456' },
    },
  };
}

describe('readAppearance', () => {
  it.each([1, 2])('reads back the default stylesheet of theme %i', (themeId) => {
    expect(readAppearance(defaultJournalStylesheet(themeId), themeId)).toEqual(
      defaultJournalAppearance(themeId),
    );
  });

  it('falls back to the theme defaults for what the stylesheet does not set', () => {
    expect(readAppearance(null, 1)).toEqual(defaultJournalAppearance(1));
    expect(readAppearance('', 2)).toEqual(defaultJournalAppearance(2));
    const read = readAppearance('.title { color: red; }', 1);
    expect(read.items.headline.color).toBe('red');
    expect(read.items.headline['font-size']).toBe(
      defaultJournalAppearance(1).items.headline['font-size'],
    );
  });

  it('takes the last value in source order, also from selector lists; !important wins', () => {
    const css = [
      '.title { color: red; color: blue }',
      'h1, .title { font-size: 20px }',
      '.title { font-size: 22px !important }',
      '.title { font-size: 24px }',
      '@media (max-width: 10px) { .title { color: green } }',
    ].join('\n');
    const { headline } = readAppearance(css, 2).items;
    expect(headline.color).toBe('blue');
    expect(headline['font-size']).toBe('22px');
  });

  it('matches selectors regardless of spacing and comments', () => {
    const css = 'nav   ul\n li /* menu */ { COLOR: #111 }';
    expect(readAppearance(css, 1).items.menuItem.color).toBe('#111');
  });
});

describe('applyAppearance', () => {
  it('round-trips: what it writes is what readAppearance reads', () => {
    for (const themeId of [1, 2]) {
      const settings = changed(defaultJournalAppearance(themeId));
      const css = applyAppearance(defaultJournalStylesheet(themeId), settings);
      expect(readAppearance(css, themeId)).toEqual(settings);
    }
  });

  it('writes into an empty stylesheet, menu item also on nav .active', () => {
    const settings = changed(defaultJournalAppearance(1));
    const css = applyAppearance(null, settings);
    expect(readAppearance(css, 2)).toEqual(settings);
    expect(css).toMatch(/nav \.active \{[^}]*color: #123456;/);
    expect(css).toMatch(/header \{[^}]*height: 120px;/);
  });

  it('keeps unknown rules, at-rules, comments and other declarations untouched', () => {
    const original = [
      '/* Brand overrides — keep */',
      '@import url("https://fonts.example.com/a.css");',
      '@font-face { font-family: "X"; src: url(x.woff2); }',
      'body {',
      '  margin: 0; /* reset */',
      '  background-color: #fff;',
      '}',
      '@media print { .title { color: black } }',
      '.title {',
      '  /* headline */',
      '  color: red;',
      '  text-transform: uppercase',
      '}',
      '.custom > a:hover { text-decoration: underline; }',
      '@supports (display: grid) { .grid { display: grid } }',
    ].join('\n');
    const settings = changed(readAppearance(original, 1));
    const css = applyAppearance(original, settings);

    for (const kept of [
      '/* Brand overrides — keep */',
      '@import url("https://fonts.example.com/a.css");',
      '@font-face { font-family: "X"; src: url(x.woff2); }',
      '  margin: 0; /* reset */',
      '@media print { .title { color: black } }',
      '  /* headline */',
      '.custom > a:hover { text-decoration: underline; }',
      '@supports (display: grid) { .grid { display: grid } }',
    ]) {
      expect(css).toContain(kept);
    }
    expect(css).toMatch(/text-transform: uppercase;/);
    expect(css).toContain('  background-color: #010203;');
    expect(css).toContain('  color: #abcdef;');
    expect(css).not.toContain('color: red');
    // Written where the rules were: one .title rule outside @media, one body rule.
    expect(css.match(/^\.title \{/gm)).toHaveLength(1);
    expect(css.match(/^body \{/gm)).toHaveLength(1);
    expect(readAppearance(css, 1)).toEqual(settings);
  });

  it('leaves a stylesheet it does not change byte for byte when the values are the same', () => {
    const css = defaultJournalStylesheet(2);
    expect(applyAppearance(css, readAppearance(css, 2))).toBe(css);
  });

  it('never rewrites a selector list; a later list that overrides gets a new rule after it', () => {
    const original = '.title { color: red }\nh1, .title { color: green }\n';
    const settings = changed(readAppearance(original, 1));
    const css = applyAppearance(original, settings);
    expect(css).toContain('h1, .title { color: green }');
    expect(readAppearance(css, 1).items.headline.color).toBe('#abcdef');
  });

  it('writes only the page parts it is given (the merchant editor)', () => {
    const settings = changed(defaultJournalAppearance(1));
    const css = applyAppearance('', settings, ['pageBackground']);
    expect(css).toContain('background-color: #010203');
    expect(css).not.toMatch(/^header/m);
    expect(css).not.toMatch(/^footer/m);
  });

  it('cannot be made to break out of a declaration by a value', () => {
    const base = defaultJournalAppearance(1);
    const settings: AppearanceSettings = {
      ...base,
      items: {
        ...base.items,
        link: { ...base.items.link, 'font-family': "'Evil; } body { display: none", color: 'red' },
      },
    };
    const css = applyAppearance('a { color: blue }', settings);
    expect(css).not.toMatch(/\{\s*display: none/);
    expect(css.match(/\{/g)?.length).toBe(css.match(/\}/g)?.length);
    expect(readAppearance(css, 1).items.link.color).toBe('red');
  });

  it.each(['x /* open comment', 'url(open', '"unbalanced', 'a\\'])(
    'keeps the next declarations applying after the value %j',
    (family) => {
      const base = defaultJournalAppearance(1);
      const settings: AppearanceSettings = {
        ...base,
        items: { ...base.items, link: { ...base.items.link, 'font-family': family, color: 'red' } },
      };
      const read = readAppearance(applyAppearance('', settings), 1);
      expect(read.items.link.color).toBe('red');
      expect(read.items.menuItem).toEqual(base.items.menuItem);
    },
  );
});

describe('setBodyBackground', () => {
  const url = '/images/abc.png';

  it('adds the image as cover, top centre, no-repeat and keeps the colour', () => {
    const css = setBodyBackground(defaultJournalStylesheet(1), url);
    expect(css).toMatch(
      /body \{\n {2}background-color: #ffffff;\n {2}background-image: url\('\/images\/abc\.png'\);\n {2}background-size: cover;\n {2}background-position: top center;\n {2}background-repeat: no-repeat;\n\}/,
    );
    expect(readBodyBackgroundImage(css)).toBe(url);
    expect(readAppearance(css, 1)).toEqual(defaultJournalAppearance(1));
  });

  it('replaces an image and removes it again, leaving the stylesheet as before', () => {
    const original = defaultJournalStylesheet(2);
    const once = setBodyBackground(original, url);
    const twice = setBodyBackground(once, '/images/def.png');
    expect(readBodyBackgroundImage(twice)).toBe('/images/def.png');
    expect(twice.match(/background-image/g)).toHaveLength(1);
    expect(setBodyBackground(twice, null)).toBe(original);
  });

  it('creates a body rule when there is none, and removes an old shorthand image', () => {
    expect(setBodyBackground(null, url)).toBe(
      "body {\n  background-image: url('/images/abc.png');\n  background-size: cover;\n" +
        '  background-position: top center;\n  background-repeat: no-repeat;\n}\n',
    );
    const css = setBodyBackground('body { background: url(old.png) no-repeat; color: #333 }', null);
    expect(css).toBe('body { color: #333 }');
  });

  it('escapes quotes, backslashes and line breaks in the URL', () => {
    const nasty = "/images/a'b\\c\n}</style><script>.png";
    const css = setBodyBackground('', nasty);
    expect(css).toContain(cssUrl(nasty));
    expect(cssUrl(nasty)).toBe(
      "url('/images/a\\'b\\\\c\\a }\\3c /style\\3e \\3c script\\3e .png')",
    );
    expect(css).not.toContain('</style>');
    expect(readBodyBackgroundImage(css)).toBe(nasty);
    expect(css.match(/\{/g)).toHaveLength(1);
  });
});

describe('robustness', () => {
  const garbage = [
    'body { color: red',
    '}}} body { background-color: #fff }',
    '</style><script>alert(1)</script>',
    '.title { color: "unterminated\n; font-size: 12px }',
    '/* never closed',
    '@media screen {',
    '{{{{',
    'a { b { c { d',
    ';;;: : :',
    '<!-- body { background-color: #000 } -->',
    '\\',
    '\u0000\uffff',
    'body { background: url(/a/*b.png) }',
    'a { color: rgb(1, 2 }',
    '@import "x"',
    "p { content: 'open\\",
  ];

  it.each(garbage)('never throws on %j and keeps the text', (css) => {
    expect(() => readAppearance(css, 1)).not.toThrow();
    const settings = changed(defaultJournalAppearance(1));
    const written = applyAppearance(css, settings);
    expect(readAppearance(written, 1)).toEqual(settings);
    const withImage = setBodyBackground(written, '/images/x.png');
    expect(readBodyBackgroundImage(withImage)).toBe('/images/x.png');
    expect(() => setBodyBackground(withImage, null)).not.toThrow();
  });

  it('survives random CSS-like text', () => {
    // A fixed seed: the same strings on every run.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = [
      '{',
      '}',
      '(',
      ')',
      ';',
      ':',
      '"',
      "'",
      '\\',
      '/*',
      '*/',
      'url(',
      '@media',
      'body',
      '.title',
      ' ',
      '\n',
      'color',
      'red',
      ',',
    ];
    const settings = changed(defaultJournalAppearance(2));
    for (let run = 0; run < 300; run += 1) {
      const css = Array.from(
        { length: 1 + Math.floor(random() * 30) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      const written = applyAppearance(css, settings);
      expect(readAppearance(written, 2)).toEqual(settings);
      expect(readBodyBackgroundImage(setBodyBackground(written, '/images/r.png'))).toBe(
        '/images/r.png',
      );
    }
  });

  it('reads an unquoted url with /* in it as a url, not a comment', () => {
    const css = 'body { background-image: url(/a/*b.png); background-color: #222 }';
    expect(readAppearance(css, 1).pageBackground).toBe('#222');
    expect(readBodyBackgroundImage(css)).toBe('/a/*b.png');
  });

  it('keeps text it cannot parse as it was', () => {
    const css = '</style><script>alert(1)</script>\n.title { color: red }';
    const written = applyAppearance(css, changed(defaultJournalAppearance(1)));
    expect(written.startsWith('</style><script>alert(1)</script>')).toBe(true);
  });
});
