/**
 * Reads and rewrites the few declarations the site editors own in a stored stylesheet
 * (cssOverride / overrideCSS; 01 §2.9, §3, §4.3; 02 §2 Step 5), keeping everything else — other
 * rules and declarations, at-rules, comments, formatting — exactly as the operator wrote it.
 *
 * Hand-written on purpose: postcss would add ~30 KB gzipped to the editor's chunk for updating a
 * dozen declarations in flat, top-level rules. The scanner follows the CSS syntax closely enough
 * for that job (strings, comments, escapes, nested blocks, at-rules) and never throws: garbage
 * (unbalanced braces, a stray `</style>`) is kept as text and left alone.
 *
 * Pure and shared: the client editors and the server both import it.
 */
import {
  PAGE_SELECTORS,
  STYLE_ITEMS,
  defaultJournalAppearance,
  type AppearanceSettings,
  type StyleItemKey,
  type StyleItemSettings,
} from './style-model';

// ---------------------------------------------------------------------------------------------
// Scanning
// ---------------------------------------------------------------------------------------------

/** End of a comment that starts at `start` (`/*`); the text's end when it is never closed. */
function commentEnd(text: string, start: number): number {
  const close = text.indexOf('*/', start + 2);
  return close === -1 ? text.length : close + 2;
}

/**
 * A token whose inside is not CSS structure: a comment, a string, an escape or an unquoted
 * `url(...)`. `closer` is what would close it when it runs to the end of the text, else ''.
 */
interface Opaque {
  end: number;
  closer: string;
}

function opaqueAt(text: string, i: number): Opaque | undefined {
  const c = text[i];
  if (c === '/' && text[i + 1] === '*') {
    const close = text.indexOf('*/', i + 2);
    return close === -1 ? { end: text.length, closer: '*/' } : { end: close + 2, closer: '' };
  }
  if (c === '"' || c === "'") {
    let j = i + 1;
    while (j < text.length) {
      const d = text[j];
      if (d === '\\') {
        if (j + 1 >= text.length) return { end: text.length, closer: `\\${c}` };
        j += 2;
      } else if (d === c) return { end: j + 1, closer: '' };
      else if (d === '\n')
        return { end: j, closer: '' }; // a bad string ends at the line break
      else j += 1;
    }
    return { end: text.length, closer: c };
  }
  if (c === '\\') {
    return i + 1 >= text.length ? { end: text.length, closer: '\n' } : { end: i + 2, closer: '' };
  }
  if ((c === 'u' || c === 'U') && /^url\(/i.test(text.slice(i, i + 4))) {
    if (i > 0 && /[\w\\-]/.test(text[i - 1] as string)) return undefined;
    let j = i + 4;
    while (j < text.length && /\s/.test(text[j] as string)) j += 1;
    // `url("...")` is a function holding a string: scanned as such.
    if (text[j] === '"' || text[j] === "'") return undefined;
    // An unquoted URL runs to `)`: braces and `/*` inside it are not structure.
    while (j < text.length) {
      const d = text[j];
      if (d === '\\') {
        if (j + 1 >= text.length) return { end: text.length, closer: '\\)' };
        j += 2;
      } else if (d === ')') return { end: j + 1, closer: '' };
      else j += 1;
    }
    return { end: text.length, closer: ')' };
  }
  return undefined;
}

/** The text with each comment replaced by a space (comments only: not `/*` inside a url). */
function stripComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const opaque = opaqueAt(text, i);
    const end = opaque ? opaque.end : i + 1;
    out += text.startsWith('/*', i) ? ' ' : text.slice(i, end);
    i = end;
  }
  return out;
}

const CLOSER: Readonly<Record<string, string>> = { '{': '}', '(': ')', '[': ']' };

/**
 * Walks from `start` as CSS nests blocks — `()`, `[]` and `{}`, where a closer that does not
 * match the innermost open block is just a character — and returns the first index at nesting
 * depth 0 where `stop` holds, or -1 at the end of the text.
 */
function findTopLevel(text: string, start: number, stop: (c: string) => boolean): number {
  const open: string[] = [];
  let i = start;
  while (i < text.length) {
    const opaque = opaqueAt(text, i);
    if (opaque) {
      i = opaque.end;
      continue;
    }
    const c = text[i] as string;
    if (open.length === 0 && stop(c)) return i;
    const closer = CLOSER[c];
    if (closer) open.push(closer);
    else if (c === open[open.length - 1]) open.pop();
    i += 1;
  }
  return -1;
}

/** Index after the `}` closing the block whose `{` is at `open`; the text's end when unclosed. */
function blockEnd(text: string, open: number): { end: number; closed: boolean } {
  const close = findTopLevel(text, open + 1, (c) => c === '}');
  return close === -1 ? { end: text.length, closed: false } : { end: close + 1, closed: true };
}

/**
 * What closes whatever the text leaves open at its end (a comment, a string, an escape, blocks),
 * so that rules appended after it stand at the top level. Empty for a well-formed stylesheet.
 */
function closersOf(text: string): string {
  const open: string[] = [];
  let i = 0;
  while (i < text.length) {
    const opaque = opaqueAt(text, i);
    if (opaque) {
      if (opaque.closer) return opaque.closer + open.reverse().join('');
      i = opaque.end;
      continue;
    }
    const c = text[i] as string;
    const closer = CLOSER[c];
    if (closer) open.push(closer);
    else if (c === open[open.length - 1]) open.pop();
    i += 1;
  }
  return open.reverse().join('');
}

/** A style rule at the top level of the stylesheet. */
interface RuleNode {
  kind: 'rule';
  prelude: string;
  /** Between the braces. */
  body: string;
  /** False for a rule the text ends inside of. */
  closed: boolean;
  /** The prelude's selectors, normalised. */
  selectors: string[];
}

/** Anything else, kept verbatim: whitespace, comments, at-rules, stray characters. */
interface TextNode {
  kind: 'text';
  text: string;
}

type TopNode = RuleNode | TextNode;

/** Whitespace collapsed, none around combinators and commas: `nav  ul>li` → `nav ul>li`. */
function normaliseSelector(selector: string): string {
  return stripComments(selector)
    .replace(/\s+/g, ' ')
    .replace(/\s*([>+~])\s*/g, '$1')
    .trim();
}

/** Splits a selector list on top-level commas (not inside `:is(a, b)` or strings). */
function splitSelectors(prelude: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (;;) {
    const comma = findTopLevel(prelude, start, (c) => c === ',');
    parts.push(prelude.slice(start, comma === -1 ? prelude.length : comma));
    if (comma === -1) break;
    start = comma + 1;
  }
  return parts.map(normaliseSelector).filter((s) => s.length > 0);
}

/**
 * The top level of a stylesheet, read as CSS does (css-syntax "consume a list of rules"): rules
 * and verbatim text; joining the nodes gives the text back. `dangling` tells whether the text
 * ends inside a rule's prelude or an at-rule that nothing terminates.
 */
function parseTopLevel(css: string): { nodes: TopNode[]; dangling: '' | 'rule' | 'at-rule' } {
  const nodes: TopNode[] = [];
  let textStart = 0;
  let dangling: '' | 'rule' | 'at-rule' = '';
  let i = 0;
  while (i < css.length) {
    const c = css[i] as string;
    if (/\s/.test(c)) i += 1;
    else if (c === '/' && css[i + 1] === '*') i = commentEnd(css, i);
    else if (css.startsWith('<!--', i)) i += 4;
    else if (css.startsWith('-->', i)) i += 3;
    else if (c === '@') {
      // An at-rule ends at its `;` or with its block; kept as text.
      const stop = findTopLevel(css, i + 1, (d) => d === ';' || d === '{');
      if (stop === -1) {
        dangling = 'at-rule';
        i = css.length;
      } else i = css[stop] === ';' ? stop + 1 : blockEnd(css, stop).end;
    } else {
      // A qualified rule: everything up to its `{` is the prelude, a stray `;` or `}` included,
      // as in a browser (such a rule's selector is invalid and it never applies).
      const open = findTopLevel(css, i, (d) => d === '{');
      if (open === -1) {
        dangling = 'rule';
        break;
      }
      const { end, closed } = blockEnd(css, open);
      if (i > textStart) nodes.push({ kind: 'text', text: css.slice(textStart, i) });
      const prelude = css.slice(i, open);
      nodes.push({
        kind: 'rule',
        prelude,
        body: css.slice(open + 1, closed ? end - 1 : end),
        closed,
        selectors: splitSelectors(prelude),
      });
      i = end;
      textStart = end;
    }
  }
  if (css.length > textStart) nodes.push({ kind: 'text', text: css.slice(textStart) });
  return { nodes, dangling };
}

function serialiseTopLevel(nodes: readonly TopNode[]): string {
  return nodes
    .map((node) =>
      node.kind === 'text' ? node.text : `${node.prelude}{${node.body}${node.closed ? '}' : ''}`,
    )
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Declarations inside a rule
// ---------------------------------------------------------------------------------------------

interface Declaration {
  /** Lower case. */
  property: string;
  /** Without `!important` and comments, trimmed. */
  value: string;
  important: boolean;
}

/** One piece of a rule's body: a declaration with its `;`, a nested block, or other text. */
interface BodyPart {
  text: string;
  declaration?: Declaration;
}

const DECLARATION = /^\s*(-{0,2}[A-Za-z_][\w-]*)\s*:([\s\S]*)$/;

function parseDeclaration(text: string): Declaration | undefined {
  const code = stripComments(text);
  if (code.includes('{')) return undefined;
  const match = DECLARATION.exec(code.replace(/;\s*$/, ''));
  if (!match) return undefined;
  const raw = (match[2] ?? '').trim();
  const important = /!\s*important$/i.test(raw);
  const value = important ? raw.replace(/!\s*important$/i, '').trim() : raw;
  return { property: (match[1] as string).toLowerCase(), value, important };
}

/** Splits a body at top-level `;` and after nested blocks; joining the parts gives it back. */
function parseBody(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let start = 0;
  const push = (end: number) => {
    const text = body.slice(start, end);
    parts.push({ text, declaration: parseDeclaration(text) });
    start = end;
  };
  while (start < body.length) {
    const stop = findTopLevel(body, start, (c) => c === ';' || c === '{');
    if (stop === -1) push(body.length);
    else if (body[stop] === ';') push(stop + 1);
    else push(blockEnd(body, stop).end);
  }
  return parts;
}

/** The indentation of the body's first declaration, two spaces by default. */
function indentOf(parts: readonly BodyPart[]): string {
  const first = parts.find((p) => p.declaration);
  const match = first ? /\n([ \t]*)\S/.exec(first.text) : null;
  return match ? (match[1] as string) : '  ';
}

/** A control character (C0 or DEL): never written into a stylesheet. */
const isControl = (c: string): boolean => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

const count = (text: string, c: string): number => text.split(c).length - 1;

/**
 * A value made safe to write between `:` and `;`: nothing that ends a declaration or a rule or
 * opens a comment, no unbalanced quote or parenthesis (a bad string or an open `url(` would
 * swallow what follows), no trailing escape.
 */
function safeValue(value: string): string {
  let text = [...value]
    .map((c) => (isControl(c) || ';{}<>'.includes(c) ? ' ' : c))
    .join('')
    .replace(/\/\*|\*\//g, ' ')
    .replace(/!\s*important/gi, '');
  for (const quote of ['"', "'"]) {
    if (count(text, quote) % 2 === 1) text = text.split(quote).join('');
  }
  if (count(text, '(') !== count(text, ')')) text = text.replace(/[()]/g, ' ');
  if (count(text, '[') !== count(text, ']')) text = text.replace(/[[\]]/g, ' ');
  return text.replace(/\s+/g, ' ').trim().replace(/\\+$/, '').trim();
}

/** The part's text before its property name: whitespace and comments, kept on rewrite. */
function prefixOf(text: string): string {
  let i = 0;
  while (i < text.length) {
    if (/\s/.test(text[i] as string)) i += 1;
    else if (text.startsWith('/*', i)) i = commentEnd(text, i);
    else break;
  }
  return text.slice(0, i);
}

/** What to change in one rule: property → new value, or null to remove it. */
type Changes = ReadonlyMap<string, string | null>;

function applyToBody(body: string, changes: Changes): string {
  const parts = parseBody(body);
  const pending = new Map(changes);
  // The last declaration of a property is the one that counts: update that one.
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const part = parts[index] as BodyPart;
    const declaration = part.declaration;
    if (!declaration || !changes.has(declaration.property)) continue;
    const value = changes.get(declaration.property);
    if (value === null || value === undefined) {
      parts.splice(index, 1);
      continue;
    }
    if (!pending.has(declaration.property)) {
      // An earlier, overridden duplicate: drop it so the rule holds one value.
      parts.splice(index, 1);
      continue;
    }
    pending.delete(declaration.property);
    const leading = prefixOf(part.text);
    const flag = declaration.important ? ' !important' : '';
    parts[index] = { text: `${leading}${declaration.property}: ${value}${flag};` };
  }
  const additions = [...pending].filter((entry): entry is [string, string] => entry[1] !== null);
  if (additions.length === 0) return parts.map((p) => p.text).join('');

  // Appended before the body's trailing whitespace. What comes before must end: open strings,
  // comments and blocks are closed and a last item without its `;` (`color: red }`, or garbage
  // a browser would merge with the next declaration) gets one.
  const indent = indentOf(parts);
  let content = parts.map((p) => p.text).join('');
  const trailing = /\s*$/.exec(content)?.[0] ?? '';
  content = content.slice(0, content.length - trailing.length);
  content += closersOf(content);
  const code = stripComments(content).trimEnd();
  if (code !== '' && !/(?:^|[^\\])(?:\\\\)*[;}]$/.test(code)) content += ';';
  const added = additions.map(([property, value]) => `\n${indent}${property}: ${value};`).join('');
  return `${content}${added}${trailing.includes('\n') ? trailing : '\n'}`;
}

// ---------------------------------------------------------------------------------------------
// Reading and writing by selector
// ---------------------------------------------------------------------------------------------

/** The value the stylesheet gives `property` for `selector`: the last top-level one, if any. */
function readDeclaration(
  nodes: readonly TopNode[],
  selector: string,
  property: string,
): string | undefined {
  let found: string | undefined;
  let foundImportant = false;
  for (const node of nodes) {
    if (node.kind !== 'rule' || !node.selectors.includes(selector)) continue;
    for (const part of parseBody(node.body)) {
      const declaration = part.declaration;
      if (declaration?.property !== property || declaration.value === '') continue;
      if (foundImportant && !declaration.important) continue;
      found = declaration.value;
      foundImportant = declaration.important;
    }
  }
  return found;
}

/** A value already made safe by its writer (e.g. cssUrl), written without safeValue. */
interface RawValue {
  raw: string;
}
/** Declarations to set (a value) or remove (null) for one selector. */
type SelectorChanges = Record<string, string | RawValue | null>;

/**
 * Applies changes rule by rule. A value goes into the last rule whose selector is exactly
 * `selector`, unless a later rule (a selector list naming it) declares the property too: then a
 * new rule at the end carries it, so the written value is the one that applies. Rules with
 * selector lists are read but never rewritten (that would change their other selectors).
 * Removal takes the property out of every rule that is exactly the selector.
 */
function applyChanges(css: string | null, changes: ReadonlyMap<string, SelectorChanges>): string {
  const { nodes } = parseTopLevel(css ?? '');
  const perRule = new Map<RuleNode, Map<string, string | null>>();
  const appended = new Map<string, Map<string, string>>();
  const declared = new Map<RuleNode, Set<string>>();
  const propertiesOf = (rule: RuleNode) => {
    let set = declared.get(rule);
    if (!set) {
      set = new Set(parseBody(rule.body).flatMap((p) => p.declaration?.property ?? []));
      declared.set(rule, set);
    }
    return set;
  };
  const changesOf = (rule: RuleNode) => {
    let map = perRule.get(rule);
    if (!map) perRule.set(rule, (map = new Map()));
    return map;
  };

  for (const [selector, declarations] of changes) {
    const rules = nodes.filter((n): n is RuleNode => n.kind === 'rule');
    const exact = rules.filter((r) => r.selectors.length === 1 && r.selectors[0] === selector);
    for (const [rawProperty, rawValue] of Object.entries(declarations)) {
      const property = rawProperty.toLowerCase();
      if (rawValue === null) {
        for (const rule of exact) changesOf(rule).set(property, null);
        continue;
      }
      const value = typeof rawValue === 'string' ? safeValue(rawValue) : rawValue.raw;
      if (value === '') continue;
      const declares = (rule: RuleNode) =>
        rule.selectors.includes(selector) && propertiesOf(rule).has(property);
      const lastDeclaring = rules.findLastIndex(declares);
      const target = exact[exact.length - 1];
      if (target && rules.indexOf(target) >= lastDeclaring) {
        changesOf(target).set(property, value);
      } else {
        let map = appended.get(selector);
        if (!map) appended.set(selector, (map = new Map()));
        map.set(property, value);
      }
    }
  }

  for (const [rule, ruleChanges] of perRule) rule.body = applyToBody(rule.body, ruleChanges);
  let text = serialiseTopLevel(nodes);
  if (appended.size > 0) {
    const rules = [...appended].map(([selector, declarations]) => {
      const lines = [...declarations].map(([property, value]) => `  ${property}: ${value};`);
      return `${selector} {\n${lines.join('\n')}\n}\n`;
    });
    // Whatever the text leaves open is closed first, and a prelude nothing ends gets an empty
    // block, so the appended rules stand on their own (garbage stays garbage, but harmless).
    let kept = text.replace(/\s+$/, '');
    kept += closersOf(kept);
    const { dangling } = parseTopLevel(kept);
    if (dangling === 'rule') kept += ' {}';
    else if (dangling === 'at-rule') kept += ' ;';
    text = `${kept}${kept ? '\n\n' : ''}${rules.join('\n')}`;
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// The appearance
// ---------------------------------------------------------------------------------------------

const ITEM_PROPERTIES: readonly (keyof StyleItemSettings)[] = [
  'font-family',
  'font-size',
  'color',
  'background-color',
];

/**
 * The appearance a stylesheet gives (01 §2.9): page parts from `body`, `header` and `footer`,
 * each style item from its selector. A setting the stylesheet does not make comes from
 * `fallback`, by default the journal's default appearance of the theme (01 §3).
 */
export function readAppearance(
  css: string | null,
  themeId: number,
  fallback: AppearanceSettings = defaultJournalAppearance(themeId),
): AppearanceSettings {
  const { nodes } = parseTopLevel(css ?? '');
  const read = (selector: string, property: string, otherwise: string) =>
    readDeclaration(nodes, selector, property) ?? otherwise;
  const items = {} as Record<StyleItemKey, StyleItemSettings>;
  for (const { key, selector } of STYLE_ITEMS) {
    const base = fallback.items[key];
    items[key] = {
      'font-family': read(selector, 'font-family', base['font-family']),
      'font-size': read(selector, 'font-size', base['font-size']),
      color: read(selector, 'color', base.color),
      'background-color': read(selector, 'background-color', base['background-color']),
    };
  }
  return {
    pageBackground: read(PAGE_SELECTORS.body, 'background-color', fallback.pageBackground),
    headerBackground: read(PAGE_SELECTORS.header, 'background-color', fallback.headerBackground),
    headerHeight: read(PAGE_SELECTORS.header, 'height', fallback.headerHeight),
    footerBackground: read(PAGE_SELECTORS.footer, 'background-color', fallback.footerBackground),
    items,
  };
}

/** Page parts an editor may leave out (the merchant editor has only the page background). */
export type AppearancePart =
  'pageBackground' | 'headerBackground' | 'headerHeight' | 'footerBackground';

/**
 * Writes an appearance into a stylesheet: the declarations of the page parts and of each style
 * item (the menu item on `nav ul li` and `nav .active`), updated where they are and added where
 * missing; every other rule, declaration and comment is kept. `parts` limits the page parts
 * written (default all four).
 */
export function applyAppearance(
  css: string | null,
  settings: AppearanceSettings,
  parts: readonly AppearancePart[] = [
    'pageBackground',
    'headerBackground',
    'headerHeight',
    'footerBackground',
  ],
): string {
  const changes = new Map<string, SelectorChanges>();
  const add = (selector: string, declarations: SelectorChanges) =>
    changes.set(selector, { ...changes.get(selector), ...declarations });
  const partDeclarations: Record<AppearancePart, [string, string, string]> = {
    pageBackground: [PAGE_SELECTORS.body, 'background-color', settings.pageBackground],
    headerBackground: [PAGE_SELECTORS.header, 'background-color', settings.headerBackground],
    headerHeight: [PAGE_SELECTORS.header, 'height', settings.headerHeight],
    footerBackground: [PAGE_SELECTORS.footer, 'background-color', settings.footerBackground],
  };
  for (const part of parts) {
    const [selector, property, value] = partDeclarations[part];
    add(selector, { [property]: value });
  }
  for (const { key, selector, alsoSelectors } of STYLE_ITEMS) {
    const item = settings.items[key];
    const declarations: SelectorChanges = {};
    for (const property of ITEM_PROPERTIES) declarations[property] = item[property];
    for (const target of [selector, ...alsoSelectors]) add(target, declarations);
  }
  return applyChanges(css, changes);
}

// ---------------------------------------------------------------------------------------------
// The background image
// ---------------------------------------------------------------------------------------------

/**
 * A URL as a quoted CSS string: `'` and `\` escaped, and control characters and `<` `>` as hex
 * escapes, so it can neither end the string or the rule nor close a `<style>` element.
 */
export function cssUrl(url: string): string {
  const escaped = [...url]
    .map((c) => {
      if (c === '\\' || c === "'") return `\\${c}`;
      if (isControl(c) || c === '<' || c === '>') return `\\${c.charCodeAt(0).toString(16)} `;
      return c;
    })
    .join('');
  return `url('${escaped}')`;
}

/** The body declarations of a background image: cover, top centre, no repeat (01 §4.3, §9). */
export const BACKGROUND_IMAGE_DECLARATIONS = {
  'background-size': 'cover',
  'background-position': 'top center',
  'background-repeat': 'no-repeat',
} as const;

const BACKGROUND_IMAGE_PROPERTIES = [
  'background-image',
  ...Object.keys(BACKGROUND_IMAGE_DECLARATIONS),
] as const;

/**
 * Sets (a URL) or clears (null) the page's background image on `body` (01 §4.3 media save),
 * written as longhand declarations so the body's background-color stays. A `background`
 * shorthand on `body` holding an image is removed either way: it would override the longhands
 * (or keep the old image).
 */
export function setBodyBackground(css: string | null, imageUrl: string | null): string {
  const body = PAGE_SELECTORS.body;
  const { nodes } = parseTopLevel(css ?? '');
  const shorthandWithImage = nodes.some(
    (node) =>
      node.kind === 'rule' &&
      node.selectors.length === 1 &&
      node.selectors[0] === body &&
      parseBody(node.body).some(
        (p) => p.declaration?.property === 'background' && /url\(/i.test(p.declaration.value),
      ),
  );
  const declarations: SelectorChanges = {};
  if (shorthandWithImage) declarations.background = null;
  if (imageUrl) {
    // cssUrl escapes the URL itself; safeValue would mangle its escapes.
    declarations['background-image'] = { raw: cssUrl(imageUrl) };
    Object.assign(declarations, BACKGROUND_IMAGE_DECLARATIONS);
  } else {
    for (const property of BACKGROUND_IMAGE_PROPERTIES) declarations[property] = null;
  }
  return applyChanges(css, new Map([[body, declarations]]));
}

/** The background image URL the stylesheet gives `body`, if any (for the summary and tests). */
export function readBodyBackgroundImage(css: string | null): string | undefined {
  const value = readDeclaration(
    parseTopLevel(css ?? '').nodes,
    PAGE_SELECTORS.body,
    'background-image',
  );
  const match = value ? /^url\(\s*(['"]?)([\s\S]*)\1\s*\)$/i.exec(value) : null;
  if (!match) return undefined;
  return (match[2] as string).replace(/\\([0-9a-f]{1,6}) ?|\\([\s\S])/gi, (_m, hex, char) =>
    hex ? String.fromCodePoint(parseInt(hex as string, 16)) : (char as string),
  );
}
