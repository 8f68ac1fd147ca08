/**
 * Description templates (issue 26 §1): a description with tokens such as `{folder}` or `{date}`,
 * rendered once per photo. The rules, the same in the core, the command line and the window:
 *
 * - A token is `{name}` with a name of letters, digits, `_` or `-` starting with a letter; the
 *   names are {@link TEMPLATE_TOKENS} and are case-sensitive. Any other such name (`{foo}`,
 *   `{Folder}`) is refused before anything is queued, naming it.
 * - `{{` is a literal `{` and `}}` a literal `}`; any other brace (`{ folder }`, `{}`, a lone `{`)
 *   is text as written.
 * - A token's value is text, HTML-escaped where it lands: it never adds markup. The template's own
 *   HTML is cleaned by the description policy afterwards, as every description is.
 * - A token without a value gives nothing (an empty string): no capture date in the photo (its
 *   time came from the file), no camera in its metadata, no tags, or a photo directly in the
 *   dropped folder for `{path}`.
 */
import type { CaptureTime } from './intake';
import { captureReading } from './capture-reading';
import { escapeHtml } from './escape-html';
import type { Words } from '../i18n/translator';
import { words } from '../i18n/words';

/** The tokens a description template may use, in the order menus list them. */
export const TEMPLATE_TOKENS = [
  'folder',
  'path',
  'file',
  'date',
  'time',
  'camera',
  'project',
  'tags',
] as const;

/** One token of a description template. */
export type TemplateToken = (typeof TEMPLATE_TOKENS)[number];

/** A piece of a parsed template: text as written (braces unescaped), or a token. */
export type TemplatePart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'token'; readonly token: TemplateToken };

/** A template read: its parts, or the unknown tokens it names (each once, as written). */
export type ParsedTemplate =
  | { readonly ok: true; readonly parts: readonly TemplatePart[] }
  | { readonly ok: false; readonly unknown: readonly string[] };

/** The text value of each token for one photo: plain text, not HTML (escaped when rendered). */
export type TemplateValues = Readonly<Record<TemplateToken, string>>;

const KNOWN: ReadonlySet<string> = new Set(TEMPLATE_TOKENS);

/** `{{`, `}}`, or a token-shaped `{name}`: everything else is text. */
const PIECE = /\{\{|\}\}|\{([A-Za-z][\w-]*)\}/g;

/** Whether `name` is one of {@link TEMPLATE_TOKENS}. */
function isToken(name: string): name is TemplateToken {
  return KNOWN.has(name);
}

/** Reads a template into its parts; refuses one that names tokens not in {@link TEMPLATE_TOKENS}. */
export function parseDescriptionTemplate(template: string): ParsedTemplate {
  const parts: TemplatePart[] = [];
  const unknown: string[] = [];
  let text = '';
  let last = 0;
  for (const match of template.matchAll(PIECE)) {
    text += template.slice(last, match.index);
    last = match.index + match[0].length;
    const name = match[1];
    if (name === undefined) text += match[0][0];
    else if (isToken(name)) {
      if (text !== '') parts.push({ kind: 'text', text });
      text = '';
      parts.push({ kind: 'token', token: name });
    } else if (!unknown.includes(`{${name}}`)) unknown.push(`{${name}}`);
  }
  text += template.slice(last);
  if (text !== '') parts.push({ kind: 'text', text });
  return unknown.length > 0 ? { ok: false, unknown } : { ok: true, parts };
}

/**
 * Whether `text` is a template: it has something the parser reads as a token, known or not
 * (`{folder}`, `{foo}`), so that an unknown one is refused rather than sent as written.
 */
export function hasTemplateTokens(text: string): boolean {
  const parsed = parseDescriptionTemplate(text);
  return !parsed.ok || parsed.parts.some((part) => part.kind === 'token');
}

/**
 * What is wrong with `template`, in words naming its unknown tokens and the known ones;
 * undefined when every token is known.
 */
export function templateProblemWords(template: string): Words | undefined {
  const parsed = parseDescriptionTemplate(template);
  return parsed.ok ? undefined : unknownTokenWords(parsed.unknown);
}

/** The words refusing a template's unknown tokens (as a refused parse lists them). */
export function unknownTokenWords(unknown: readonly string[]): Words {
  return words('error.descriptionTemplate.unknownToken', {
    token: unknown.join(', '),
    known: TEMPLATE_TOKENS.map((token) => `{${token}}`).join(' '),
  });
}

/** Whether the parsed template uses `token` (the core asks the project's name only when so). */
export function usesToken(parts: readonly TemplatePart[], token: TemplateToken): boolean {
  return parts.some((part) => part.kind === 'token' && part.token === token);
}

/**
 * The template's text with each token replaced by its HTML-escaped value. Total: every parsed
 * template renders with any values. The result is HTML still to be cleaned by the description
 * policy (the template's own markup), as every description is.
 */
export function renderDescriptionTemplate(
  parts: readonly TemplatePart[],
  values: TemplateValues,
): string {
  return parts
    .map((part) => (part.kind === 'text' ? part.text : escapeHtml(values[part.token])))
    .join('');
}

/** Wall-clock formatters (numbers, 24 h) by IANA zone, built once each. */
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockIn(zone: string): Intl.DateTimeFormat {
  let clock = clocks.get(zone);
  if (clock === undefined) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    clocks.set(zone, clock);
  }
  return clock;
}

/**
 * The capture date (`YYYY-MM-DD`) and time (`HH:MM`) on the photo's own clock: the instant read in
 * the offset or IANA zone intake decided, never the computer's. Undefined when the time came from
 * the file (no capture date in the photo) or its zone cannot be read.
 */
export function captureDateAndTime(
  capture: Pick<CaptureTime, 'capturedAt' | 'zone' | 'rule'>,
): { readonly date: string; readonly time: string } | undefined {
  if (capture.rule === 'file-time') return undefined;
  // The fallback zone is never used: a reading in another zone than the photo's is refused.
  const reading = captureReading(capture.capturedAt, capture.zone, 'UTC');
  if (reading.kind !== 'photo-zone' || !Number.isFinite(new Date(reading.at).getTime()))
    return undefined;
  const parts = clockIn(reading.timeZone).formatToParts(reading.at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return {
    date: `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/**
 * The camera as people name it: make and model (`Canon EOS 5D`), the make left out when the model
 * already starts with it (`Canon` + `Canon EOS 5D`), either alone when the other is missing.
 */
export function cameraName(make: string | undefined, model: string | undefined): string {
  const brand = make?.trim() ?? '';
  const body = model?.trim() ?? '';
  if (brand === '') return body;
  if (body === '') return brand;
  return body.toLowerCase().startsWith(brand.toLowerCase()) ? body : `${brand} ${body}`;
}

/** What a photo's token values are made from (the core's intake result; the window's view). */
export type TemplatePhoto = {
  /** The names of the folders between the dropped folder and the file, outermost first. */
  readonly folders: readonly string[];
  /** The name of the folder that holds the file (the dropped folder's own for a file in it). */
  readonly folderName: string;
  /** The file's name, extension included (`IMG_0001.JPG`). */
  readonly fileName: string;
  readonly capture: Pick<CaptureTime, 'capturedAt' | 'zone' | 'rule'>;
  readonly make: string | undefined;
  readonly model: string | undefined;
  /** The name of the project the photo goes to ('' when not known). */
  readonly projectName: string;
  /** The photo's tags as they will be sent. */
  readonly tags: readonly string[];
};

/** The token values of one photo (plain text; rendering escapes them). */
export function templateValues(photo: TemplatePhoto): TemplateValues {
  const dot = photo.fileName.lastIndexOf('.');
  const when = captureDateAndTime(photo.capture);
  return {
    folder: photo.folderName,
    path: photo.folders.join('/'),
    file: dot > 0 ? photo.fileName.slice(0, dot) : photo.fileName,
    date: when?.date ?? '',
    time: when?.time ?? '',
    camera: cameraName(photo.make, photo.model),
    project: photo.projectName,
    tags: photo.tags.join(', '),
  };
}
