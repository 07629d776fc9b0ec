// Webpack loader: keeps, of a stylesheet, only the rules a page can use (a PurgeCSS-like
// subset, without a CSS dependency). Options: `content`, the source files whose words name the
// classes the page can use, and `safelist`, classes added by libraries. A selector is kept when each of its class names is one of those words;
// rules without classes (elements, :root, the theme's variables) and keyframes are kept. Written
// for minified CSS such as Bootstrap's dist files: rules, @media/@supports/@container blocks.
import { readFileSync } from 'node:fs';

/** Splits `css` into top-level blocks: `{ prelude, body }` (body is the text inside braces). */
function blocks(css) {
  const out = [];
  let start = 0;
  let depth = 0;
  let open = -1;
  let quote = '';
  for (let i = 0; i < css.length; i += 1) {
    const char = css[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '/' && css[i + 1] === '*') i = css.indexOf('*/', i + 2) + 1;
    else if (char === '{') {
      if (depth === 0) open = i;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        out.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    } else if (char === ';' && depth === 0) {
      // A statement at-rule (@charset, @import): kept as is.
      out.push({ prelude: css.slice(start, i + 1).trim(), body: null });
      start = i + 1;
    }
  }
  return out;
}

/** Selectors split at top-level commas (not inside :not(...) or :is(...)). */
function selectors(list) {
  const out = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    if (list[i] === '(') depth += 1;
    else if (list[i] === ')') depth -= 1;
    else if (list[i] === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

function subset(css, used) {
  const kept = [];
  for (const { prelude, body } of blocks(css)) {
    if (body === null) {
      kept.push(prelude);
    } else if (/^@(media|supports|container|layer)\b/.test(prelude)) {
      const inner = subset(body, used);
      if (inner) kept.push(`${prelude}{${inner}}`);
    } else if (prelude.startsWith('@')) {
      kept.push(`${prelude}{${body}}`);
    } else {
      const usable = selectors(prelude).filter((selector) =>
        [...selector.replace(/\([^)]*\)/g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((match) =>
          used.has(match[1]),
        ),
      );
      if (usable.length > 0) kept.push(`${usable.join(',')}{${body}}`);
    }
  }
  return kept.join('');
}

export default function cssSubsetLoader(source) {
  const { content, safelist = [] } = this.getOptions();
  const used = new Set(safelist);
  for (const file of content) {
    this.addDependency(file);
    for (const [word] of readFileSync(file, 'utf8').matchAll(/[\w-]+/g)) used.add(word);
  }
  return subset(source, used);
}
