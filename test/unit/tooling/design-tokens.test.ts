import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The window's look comes from one set of design tokens (`renderer/styles/tokens.css`): its
// colours for the light and the dark theme, the type scale, spacing, radii, elevation and the focus
// ring. Every other stylesheet uses them through var(--token), so a theme or a scale changes in one
// place and no component drifts into a colour or a size of its own.
//
// What a stylesheet outside tokens.css may still write:
// - `0`, percentages and keywords (`auto`, `inherit`, `none`…): not steps on a scale;
// - `1px` (or `-1px`): the hairline, the thinnest line or nudge a screen draws; a token for it
//   would only rename the pixel (borders between rows, the 1 px of a visually hidden element);
// - layout sizes (width, height, min/max sizes, positions, grid tracks, media queries): they
//   belong to one component's geometry, often shared with the virtualizers' row heights in code,
//   and are not checked here.

const ROOT = join(import.meta.dirname, '../../..');
const RENDERER = join(ROOT, 'renderer');
const TOKENS = 'renderer/styles/tokens.css';

/** Every stylesheet under renderer/, as paths from the repository's root. */
function stylesheets(folder = RENDERER): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [relative(ROOT, path)] : [];
  });
}

/** A declaration `property: value` of a stylesheet, with its line (1-based). */
type Declaration = { readonly property: string; readonly value: string; readonly line: number };

/** The text without its comments, each replaced by as many newlines as it had (lines stay put). */
function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ''));
}

/** The declarations of a stylesheet (selectors and at-rule preludes never end in `;` or `}`). */
export function declarationsOf(css: string): Declaration[] {
  const text = withoutComments(css);
  return [...text.matchAll(/([-\w]+)\s*:\s*([^;{}]+?)\s*(?=;|\})/g)].map((match) => ({
    property: (match[1] ?? '').toLowerCase(),
    value: match[2] ?? '',
    line: text.slice(0, match.index).split('\n').length,
  }));
}

/** CSS's named colours and the system colours (`Canvas`…); `transparent` and `currentColor` aside. */
const NAMED_COLOURS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue ' +
    'blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk ' +
    'crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki ' +
    'darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue ' +
    'dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite ' +
    'gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen ' +
    'lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen ' +
    'magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream ' +
    'mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
    'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen ' +
    'steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow ' +
    'yellowgreen accentcolor accentcolortext activetext buttonborder buttonface buttontext ' +
    'canvas canvastext field fieldtext graytext highlight highlighttext linktext mark marktext ' +
    'selecteditem selecteditemtext visitedtext'
  ).split(' '),
);

/** The colour written into a value, if any: a #hex, a colour function or a colour's name. */
export function colourIn(value: string): string | undefined {
  const text = value.replace(/'[^']*'|"[^"]*"/g, "''");
  const literal =
    /#[0-9a-f]{3,8}\b/i.exec(text) ??
    /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix|light-dark)\(/i.exec(text);
  if (literal !== null) return literal[0];
  return text.split(/[^-\w]+/).find((word) => NAMED_COLOURS.has(word.toLowerCase()));
}

/** Properties whose sizes are steps of the spacing, type, radius, border or elevation scales. */
const SCALED =
  /^(?:(?:margin|padding|scroll-margin|scroll-padding)(?:-(?:top|right|bottom|left|inline|block)(?:-(?:start|end))?)?|gap|row-gap|column-gap|font|font-size|font-weight|line-height|border(?:-(?:top|right|bottom|left|inline|block)(?:-(?:start|end))?)?(?:-width)?|border(?:-(?:top|bottom|start|end)-(?:left|right|start|end))?-radius|box-shadow|text-shadow|outline|outline-width|outline-offset)$/;

/** A raw size in a value of a scaled property: a length other than 0 and the 1 px hairline. */
export function rawSizeIn(property: string, value: string): string | undefined {
  if (!SCALED.test(property)) return undefined;
  const text = value.replace(/var\([^)]*\)/g, ' ');
  const length = [
    ...text.matchAll(
      /(?<![-\w.])-?(\d*\.?\d+)(px|rem|em|ex|ch|pt|pc|cm|mm|in|vh|vw|vmin|vmax)\b/gi,
    ),
  ].find((match) => Number(match[1]) !== 0 && !(Number(match[1]) === 1 && match[2] === 'px'));
  if (length !== undefined) return length[0];
  // Unitless steps of the type scale: a weight (600) or a line height (1.5).
  if (property === 'font-weight' || property === 'line-height') {
    return /(?<![-\w.])\d*\.?\d+(?![-\w.%])/.exec(text)?.[0];
  }
  return undefined;
}

/** Every custom property a stylesheet defines (`--name: …`). */
function definedIn(css: string): Set<string> {
  return new Set(
    declarationsOf(css)
      .map((declaration) => declaration.property)
      .filter((property) => property.startsWith('--')),
  );
}

/** The custom properties a stylesheet reads with var(--name…), with their lines. */
function usedIn(css: string): { readonly name: string; readonly line: number }[] {
  const text = withoutComments(css);
  return [...text.matchAll(/var\(\s*(--[-\w]+)/g)].map((match) => ({
    name: match[1] ?? '',
    line: text.slice(0, match.index).split('\n').length,
  }));
}

/** `path:line property: value — what` for each colour or raw size outside the tokens. */
function findings(path: string, css: string): string[] {
  return declarationsOf(css).flatMap(({ property, value, line }) => {
    // A custom property of the file's own is held to the same rules: it may combine tokens.
    const colour = colourIn(value);
    const size = rawSizeIn(property.startsWith('--') ? 'padding' : property, value);
    return [
      ...(colour === undefined ? [] : [`${path}:${line} ${property}: ${value} — colour ${colour}`]),
      ...(size === undefined ? [] : [`${path}:${line} ${property}: ${value} — size ${size}`]),
    ];
  });
}

/** The body of the dark theme's block in tokens.css (`@media (prefers-color-scheme: dark)`). */
function darkBlock(css: string): string {
  const start = css.indexOf('@media (prefers-color-scheme: dark)');
  if (start < 0) return '';
  let depth = 0;
  for (let index = css.indexOf('{', start); index < css.length; index += 1) {
    if (css[index] === '{') depth += 1;
    if (css[index] === '}') depth -= 1;
    if (depth === 0) return css.slice(start, index + 1);
  }
  return css.slice(start);
}

/** A token's value in a theme (the dark one falls back to the light), var(--other) resolved. */
function tokenValue(theme: readonly string[], name: string): string | undefined {
  const value = theme
    .map((block) => declarationsOf(block).filter((declaration) => declaration.property === name))
    .map((declarations) => declarations.at(-1)?.value)
    .find((found) => found !== undefined);
  const reference = /^var\((--[-\w]+)\)$/.exec(value ?? '');
  return reference?.[1] === undefined ? value : tokenValue(theme, reference[1]);
}

/** A #rgb or #rrggbb colour's relative luminance (WCAG 2). */
function luminance(hex: string): number {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const [red = 0, green = 0, blue = 0] = [0, 2, 4]
    .map((at) => parseInt(full.slice(at, at + 2), 16) / 255)
    .map((unit) => (unit <= 0.04045 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4));
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG contrast ratio of two #hex colours. */
function contrast(one: string, other: string): number {
  const [lighter = 0, darker = 0] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

describe('design tokens', () => {
  const files = stylesheets();
  const tokens = readFileSync(join(ROOT, TOKENS), 'utf8');
  const defined = definedIn(tokens);

  it('finds every stylesheet of the window', () => {
    expect(files).toContain('renderer/styles.css');
    expect(files).toContain(TOKENS);
    expect(files.length).toBeGreaterThan(5);
  });

  it('recognises colours and raw sizes, and lets 0, 1 px, percentages and tokens through', () => {
    expect(colourIn('1px solid #d5dbe1')).toBe('#d5dbe1');
    expect(colourIn('rgb(0 0 0 / 50%)')).toBe('rgb(');
    expect(colourIn('2px solid Canvas')).toBe('Canvas');
    expect(colourIn('var(--color-text) transparent currentColor')).toBeUndefined();
    expect(colourIn('nowrap')).toBeUndefined();
    expect(rawSizeIn('padding', '6px var(--space-sm)')).toBe('6px');
    expect(rawSizeIn('font-size', '0.85em')).toBe('0.85em');
    expect(rawSizeIn('border-radius', '50%')).toBeUndefined();
    expect(rawSizeIn('border', '1px solid var(--color-border)')).toBeUndefined();
    expect(rawSizeIn('margin', '0 auto')).toBeUndefined();
    expect(rawSizeIn('font-weight', '600')).toBe('600');
    expect(rawSizeIn('line-height', 'var(--line-height-normal)')).toBeUndefined();
    expect(rawSizeIn('width', '48px')).toBeUndefined();
  });

  it('leaves no colour literal and no raw size outside tokens.css', () => {
    const found = files
      .filter((path) => path !== TOKENS)
      .flatMap((path) => findings(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(found).toEqual([]);
  });

  it('defines every custom property a stylesheet reads', () => {
    const missing = files.flatMap((path) => {
      const css = readFileSync(join(ROOT, path), 'utf8');
      const own = definedIn(css);
      return usedIn(css)
        .filter(({ name }) => !defined.has(name) && !own.has(name))
        .map(({ name, line }) => `${path}:${line} ${name}`);
    });
    expect(missing).toEqual([]);
  });

  it('is imported first, before any rule of the main stylesheet', () => {
    const main = withoutComments(readFileSync(join(RENDERER, 'styles.css'), 'utf8')).trim();
    expect(main.startsWith("@import './styles/tokens.css';")).toBe(true);
  });

  it('gives the dark theme its own value of every colour the light theme writes out', () => {
    const dark = darkBlock(tokens);
    const light = tokens.replace(dark, '');
    const written = declarationsOf(light)
      .filter(({ property, value }) => property.startsWith('--color-') && /^#/.test(value))
      .map(({ property }) => property);
    expect(written.length).toBeGreaterThan(10);
    expect(written.filter((name) => !definedIn(dark).has(name))).toEqual([]);
  });

  // Text at least 4.5:1 on what it stands on; the focus ring, the selection frame and the borders
  // of what can be typed in at least 3:1 (WCAG 1.4.3 and 1.4.11), in both themes.
  const PAIRS: readonly (readonly [string, string, number])[] = [
    ...[
      '--color-page',
      '--color-surface',
      '--color-surface-raised',
      '--color-surface-muted',
    ].flatMap(
      (background) =>
        [
          ['--color-text', background, 4.5],
          ['--color-text-muted', background, 4.5],
          ['--color-accent', background, 4.5],
        ] as const,
    ),
    ['--color-on-accent', '--color-accent', 4.5],
    ...['success', 'warning', 'danger', 'info'].map(
      (tone) => [`--color-${tone}-ink`, `--color-${tone}-bg`, 4.5] as const,
    ),
    ...['--color-page', '--color-surface'].flatMap(
      (background) =>
        [
          ['--color-focus-ring', background, 3],
          ['--color-selection', background, 3],
          ['--color-border-strong', background, 3],
        ] as const,
    ),
  ];

  for (const theme of ['light', 'dark'] as const) {
    it(`keeps text and the focus ring legible in the ${theme} theme`, () => {
      const dark = darkBlock(tokens);
      const light = tokens.replace(dark, '');
      const blocks = theme === 'light' ? [light] : [dark, light];
      const weak = PAIRS.flatMap(([ink, background, minimum]) => {
        const inkValue = tokenValue(blocks, ink);
        const backgroundValue = tokenValue(blocks, background);
        if (
          !/^#[0-9a-f]{3,6}$/i.test(inkValue ?? '') ||
          !/^#[0-9a-f]{3,6}$/i.test(backgroundValue ?? '')
        ) {
          return [`${ink} on ${background}: not a #hex colour (${inkValue} on ${backgroundValue})`];
        }
        const ratio = contrast(inkValue ?? '', backgroundValue ?? '');
        return ratio >= minimum
          ? []
          : [`${ink} on ${background}: ${ratio.toFixed(2)} < ${minimum}`];
      });
      expect(weak).toEqual([]);
    });
  }
});
