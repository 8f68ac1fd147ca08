import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from '../../../../shared/description/description-policy';
import {
  cameraName,
  captureDateAndTime,
  parseDescriptionTemplate,
  renderDescriptionTemplate,
  TEMPLATE_TOKENS,
  type TemplatePart,
  templateProblemWords,
  templateValues,
  type TemplateValues,
  usesToken,
} from '../../../../shared/domain/description-template';
import { englishFor } from '../../../../shared/i18n/words';

/** Parses a template that must be valid. */
function partsOf(template: string): readonly TemplatePart[] {
  const parsed = parseDescriptionTemplate(template);
  if (!parsed.ok) throw new Error(`not a template: ${parsed.unknown.join(', ')}`);
  return parsed.parts;
}

const EMPTY: TemplateValues = {
  folder: '',
  path: '',
  file: '',
  date: '',
  time: '',
  camera: '',
  project: '',
  tags: '',
};

/** 2008-10-22 14:28:39 UTC, the instant of the fixtures' DateTimeOriginal at +02:00. */
const INSTANT = Date.UTC(2008, 9, 22, 14, 28, 39) / 1000;

describe('description templates', () => {
  it('renders each token with its value, braces escaped by doubling', () => {
    const values: TemplateValues = {
      ...EMPTY,
      folder: 'Level 2',
      path: 'Site A/Level 2',
      date: '2008-10-22',
      time: '16:28',
    };
    expect(
      renderDescriptionTemplate(partsOf('<p>{folder}, {date} {time} ({path})</p>'), values),
    ).toBe('<p>Level 2, 2008-10-22 16:28 (Site A/Level 2)</p>');
    expect(renderDescriptionTemplate(partsOf('{{folder}} is {folder}'), values)).toBe(
      '{folder} is Level 2',
    );
    // Braces that make no token are text as written.
    expect(renderDescriptionTemplate(partsOf('{ folder } {} { x'), values)).toBe(
      '{ folder } {} { x',
    );
  });

  it('refuses unknown tokens, naming each once, and case matters', () => {
    expect(parseDescriptionTemplate('{foo} {folder} {foo} {Date}')).toEqual({
      ok: false,
      unknown: ['{foo}', '{Date}'],
    });
    const problem = templateProblemWords('<p>{foo}</p>');
    expect(problem).toBeDefined();
    expect(englishFor(problem!)).toBe(
      'The description template uses {foo}, which is not a token. The tokens are: {folder} {path} {file} {date} {time} {camera} {project} {tags}.',
    );
    expect(templateProblemWords('{{foo}} {folder}')).toBeUndefined();
  });

  it('says which tokens a template uses', () => {
    expect(usesToken(partsOf('{project}'), 'project')).toBe(true);
    expect(usesToken(partsOf('{{project}} {folder}'), 'project')).toBe(false);
  });

  it('reads the capture time on the photo’s own clock, never the computer’s', () => {
    expect(captureDateAndTime({ capturedAt: INSTANT, zone: '+02:00', rule: 'offset' })).toEqual({
      date: '2008-10-22',
      time: '16:28',
    });
    expect(captureDateAndTime({ capturedAt: INSTANT, zone: '-05:30', rule: 'gps-time' })).toEqual({
      date: '2008-10-22',
      time: '08:58',
    });
    // An IANA zone: its own offset that day (Tokyo, +09:00), across midnight.
    expect(
      captureDateAndTime({ capturedAt: INSTANT, zone: 'Asia/Tokyo', rule: 'gps-zone' }),
    ).toEqual({ date: '2008-10-22', time: '23:28' });
    expect(
      captureDateAndTime({ capturedAt: INSTANT + 3600, zone: 'Asia/Tokyo', rule: 'assumed' }),
    ).toEqual({ date: '2008-10-23', time: '00:28' });
    // A time from the file is no capture date; a zone nobody can read gives nothing either.
    expect(captureDateAndTime({ capturedAt: INSTANT, zone: 'UTC', rule: 'file-time' })).toBe(
      undefined,
    );
    expect(captureDateAndTime({ capturedAt: INSTANT, zone: 'Mars/Base', rule: 'assumed' })).toBe(
      undefined,
    );
  });

  it('names the camera without repeating its make', () => {
    expect(cameraName('Canon', 'Canon EOS 5D')).toBe('Canon EOS 5D');
    expect(cameraName('NIKON CORPORATION', 'NIKON D750')).toBe('NIKON CORPORATION NIKON D750');
    expect(cameraName('Apple', 'iPhone 12')).toBe('Apple iPhone 12');
    expect(cameraName(undefined, 'iPhone 12')).toBe('iPhone 12');
    expect(cameraName(' Apple ', undefined)).toBe('Apple');
    expect(cameraName(undefined, undefined)).toBe('');
  });

  it('gives each photo its values, and nothing for what it lacks', () => {
    expect(
      templateValues({
        folders: ['Site A', 'Level 2'],
        folderName: 'Level 2',
        fileName: 'IMG_0001.JPG',
        capture: { capturedAt: INSTANT, zone: '+02:00', rule: 'offset' },
        make: 'Canon',
        model: 'Canon EOS 5D',
        projectName: 'Harbour Tower',
        tags: ['north', 'level 2'],
      }),
    ).toEqual({
      folder: 'Level 2',
      path: 'Site A/Level 2',
      file: 'IMG_0001',
      date: '2008-10-22',
      time: '16:28',
      camera: 'Canon EOS 5D',
      project: 'Harbour Tower',
      tags: 'north, level 2',
    });
    expect(
      templateValues({
        folders: [],
        folderName: 'drop',
        fileName: '.hidden',
        capture: { capturedAt: INSTANT, zone: 'UTC', rule: 'file-time' },
        make: undefined,
        model: undefined,
        projectName: '',
        tags: [],
      }),
    ).toEqual({ ...EMPTY, folder: 'drop', file: '.hidden' });
  });
});

const valuesArbitrary: fc.Arbitrary<TemplateValues> = fc.record({
  folder: fc.string(),
  path: fc.string(),
  file: fc.string(),
  date: fc.string(),
  time: fc.string(),
  camera: fc.string(),
  project: fc.string(),
  tags: fc.string(),
});

/** Templates of text and tokens, with markup and stray braces among them. */
const templateArbitrary = fc
  .array(
    fc.oneof(
      fc.string(),
      fc.constantFrom(...TEMPLATE_TOKENS).map((token) => `{${token}}`),
      fc.constantFrom('<p>', '</p>', '<strong>', '</strong>', '{{', '}}', '{', '}', '{ }'),
    ),
  )
  .map((pieces) => pieces.join(''));

describe('description templates, for any input', () => {
  it('parse every string, either into parts or naming unknown tokens that it holds', () => {
    fc.assert(
      fc.property(fc.string(), (template) => {
        const parsed = parseDescriptionTemplate(template);
        if (!parsed.ok) for (const token of parsed.unknown) expect(template).toContain(token);
      }),
    );
  });

  it('render totally, and a template without tokens reads as its own text', () => {
    fc.assert(
      fc.property(templateArbitrary, valuesArbitrary, (template, values) => {
        const parsed = parseDescriptionTemplate(template);
        if (!parsed.ok) return;
        const rendered = renderDescriptionTemplate(parsed.parts, values);
        expect(typeof rendered).toBe('string');
        if (!/[{}]/.test(template)) expect(rendered).toBe(template);
      }),
    );
  });

  it('never let a value add markup: only the template’s own tags survive the policy', () => {
    fc.assert(
      fc.property(
        valuesArbitrary,
        fc.constantFrom(...TEMPLATE_TOKENS),
        fc.constantFrom(
          '<script>',
          '<a href="javascript:x">',
          '"><img src=x onerror=y>',
          '</p><p>',
        ),
        (values, token, markup) => {
          const hostile = { ...values, [token]: `${values[token]}${markup}` };
          const parts = partsOf(`<p>${TEMPLATE_TOKENS.map((name) => `{${name}}`).join(' ')}</p>`);
          const rendered = renderDescriptionTemplate(parts, hostile);
          // Every value is escaped: the only tags are the template's own <p> and </p>.
          expect(rendered.match(/<[^>]*>/g)).toEqual(['<p>', '</p>']);
          const clean = sanitizeDescription(rendered);
          expect(clean.startsWith('<p>') && clean.endsWith('</p>')).toBe(true);
          expect(clean.slice(3, -4)).not.toMatch(/<[a-z/]/i);
        },
      ),
    );
  });

  it('read any capture time as a date and a minute, on its own offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_102_444_800 }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
        (capturedAt, minutes) => {
          const sign = minutes < 0 ? '-' : '+';
          const zone = `${sign}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
          const read = captureDateAndTime({ capturedAt, zone, rule: 'offset' });
          const wall = new Date((capturedAt + minutes * 60) * 1000).toISOString();
          expect(read).toEqual({ date: wall.slice(0, 10), time: wall.slice(11, 16) });
        },
      ),
    );
  });
});
