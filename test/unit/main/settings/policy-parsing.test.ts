import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishFor, innerWords } from '../../../../shared/i18n/words';
import type { PolicyState } from '../../../../main/settings/managed-settings';
import type { PolicyRead } from '../../../../main/settings/policy-source';
import { silentLogger } from '../../../../main/logging/logger';
import { createTranslator } from '../../../../shared/i18n/translator';
import { parsePolicy } from '../../../../main/settings/parse-policy';
import {
  nativePolicyValues,
  POLICY_SETTINGS,
  USER_ONLY_SETTINGS,
} from '../../../../main/settings/policy-settings';
import { SETTING_NAMES, SettingsStore } from '../../../../main/settings/settings-store';

const origin = '/etc/photo-uploader/policy.json';

/** The problem sentence of an invalid policy or an unreadable reading (undefined otherwise). */
const problemOf = (state: PolicyState | PolicyRead) =>
  state.kind === 'invalid'
    ? state.problem
    : state.kind === 'unreadable'
      ? englishFor(state.problem)
      : undefined;

describe('parsing an organisation’s policy', () => {
  it('applies the settings it sets, checked by the settings’ own schema', () => {
    const state = parsePolicy(
      {
        kind: 'values',
        values: {
          authUrl: 'https://sso.example.com',
          concurrency: 2,
          photoHost: { kind: 's3', region: 'eu-west-1', bucket: 'photos' },
        },
      },
      origin,
    );
    expect(state).toEqual({
      kind: 'applied',
      origin,
      values: {
        authUrl: 'https://sso.example.com',
        concurrency: 2,
        photoHost: {
          kind: 's3',
          region: 'eu-west-1',
          bucket: 'photos',
          prefix: '',
          pathStyle: false,
        },
      },
    });
  });

  it('is none when there is no policy', () => {
    expect(parsePolicy({ kind: 'none' }, origin)).toEqual({ kind: 'none' });
  });

  it('is invalid as a whole for a bad value, naming the setting', () => {
    const state = parsePolicy(
      { kind: 'values', values: { concurrency: 2, baseUrl: 'http://photos.example.com' } },
      origin,
    );
    expect(state.kind).toBe('invalid');
    if (state.kind !== 'invalid') return;
    expect(state.origin).toBe(origin);
    expect(state.problem).toMatch(/baseUrl/);
    expect(state.problem).toMatch(/https/);
    expect(state.problem).toMatch(/none of it is used/);
  });

  it('says what is wrong in the window’s language, the detail too (never zod’s English)', () => {
    const spanish = createTranslator('es').t;
    const cases: [PolicyState, RegExp][] = [
      [
        parsePolicy({ kind: 'values', values: { concurrency: 'eight' } }, origin),
        /el valor de concurrency no es válido \(falta o no es del tipo adecuado\)/,
      ],
      [
        parsePolicy({ kind: 'values', values: { baseUrl: 'http://photos.example.com' } }, origin),
        /el valor de baseUrl no es válido \(.*http:\/\/photos\.example\.com.*https/,
      ],
      [
        parsePolicy({ kind: 'unreadable', problem: innerWords('reason.policy.notJson') }, origin),
        /el archivo no es JSON/,
      ],
      [
        parsePolicy(nativePolicyValues({ keepOriginals: 2 }), origin),
        /keepOriginals es 2, no 0 \(desactivado\) o 1 \(activado\)/,
      ],
    ];
    for (const [state, expected] of cases) {
      expect(state.kind).toBe('invalid');
      if (state.kind !== 'invalid') continue;
      const said = spanish(state.words.key, state.words.values);
      expect(said).toMatch(/^La directiva de su organización no es válida/);
      expect(said).toMatch(expected);
      expect(said).not.toMatch(/Invalid input|expected|is not JSON|not 0 \(off\)/);
    }
  });

  it('is invalid for a key that is no setting, naming it', () => {
    const state = parsePolicy({ kind: 'values', values: { bucket: 'x' } }, origin);
    expect(problemOf(state)).toMatch(/"bucket"/);
  });

  it('is invalid for a setting each user keeps for themself', () => {
    const state = parsePolicy(
      { kind: 'values', values: { recentProjects: [], concurrency: 2 } },
      origin,
    );
    expect(problemOf(state)).toMatch(/recentProjects.*each person/);
    // The window reads the same problem in its language, from its words.
    if (state.kind !== 'invalid') throw new Error('expected an invalid policy');
    expect(state.words).toEqual({
      key: 'error.policy.perUser',
      values: { name: 'recentProjects' },
    });
    expect(createTranslator('de').t(state.words.key, state.words.values)).toBe(
      'Die Richtlinie Ihrer Organisation ist ungültig und wird daher gar nicht angewendet: Sie legt recentProjects fest, was jede Person selbst bestimmt. Bitten Sie Ihre IT-Abteilung, sie zu korrigieren.',
    );
  });

  it('is invalid when it is not an object of settings, or unreadable', () => {
    expect(problemOf(parsePolicy({ kind: 'values', values: [1] }, origin))).toMatch(/object/);
    expect(
      problemOf(
        parsePolicy({ kind: 'unreadable', problem: innerWords('reason.policy.notJson') }, origin),
      ),
    ).toMatch(/: the file is not JSON\. Ask your IT/);
  });
});

describe('the settings a policy may set', () => {
  it('are every setting but those each user keeps, so a new setting needs a decision', () => {
    expect([...Object.keys(POLICY_SETTINGS), ...USER_ONLY_SETTINGS].sort()).toEqual(
      [...SETTING_NAMES].sort(),
    );
    expect(USER_ONLY_SETTINGS).toEqual(
      expect.arrayContaining([
        'recentProjects',
        'window',
        'quitWithPending',
        'watchFolders',
        'cameraOffsets',
        'signInTokensInPlainTextFile',
      ]),
    );
  });

  it('never include keeping sign-in tokens in a plain-text file: each person asks for that', () => {
    expect(
      problemOf(
        parsePolicy({ kind: 'values', values: { signInTokensInPlainTextFile: true } }, origin),
      ),
    ).toMatch(/signInTokensInPlainTextFile.*each person/);
  });
});

describe('values from the registry or managed preferences', () => {
  it('take JSON text for objects, numbers as numbers and booleans as 0/1 or true/false', () => {
    expect(
      nativePolicyValues({
        photoHost: '{"kind":"s3","region":"r","bucket":"b"}',
        concurrency: 3,
        keepOriginals: 1,
        pauseOnBattery: false,
        authUrl: 'https://sso.example.com',
        baseUrl: undefined,
      }),
    ).toEqual({
      kind: 'values',
      values: {
        photoHost: { kind: 's3', region: 'r', bucket: 'b' },
        concurrency: 3,
        keepOriginals: true,
        pauseOnBattery: false,
        authUrl: 'https://sso.example.com',
      },
    });
  });

  it('is none when no value is set', () => {
    expect(nativePolicyValues({ authUrl: undefined })).toEqual({ kind: 'none' });
  });

  it('says which value is not JSON', () => {
    expect(problemOf(nativePolicyValues({ photoHost: '{kind' }))).toBe(
      'photoHost is not JSON text',
    );
  });

  it('says which boolean is neither 0 nor 1', () => {
    expect(problemOf(nativePolicyValues({ keepOriginals: 2 }))).toMatch(/keepOriginals/);
  });
});

describe('settings each person keeps, under a policy', () => {
  it('are saved whatever the policy manages (the window’s place, the quit choice, recent projects)', async () => {
    const store = new SettingsStore(await mkdtemp(join(tmpdir(), 'policy-user-')), silentLogger);
    store.usePolicy(
      parsePolicy(
        {
          kind: 'values',
          values: {
            authUrl: 'https://sso.example.com',
            baseUrl: 'https://photos.example.com',
            clientId: 'office',
            concurrency: 2,
            photoHost: { kind: 's3', region: 'r', bucket: 'b' },
          },
        },
        origin,
      ),
    );
    expect(store.managed().size).toBe(5);
    store.update({ window: { x: 0, y: 0, width: 800, height: 600, maximized: false } });
    store.update({ quitWithPending: 'keep-uploading' });
    store.update({ recentProjects: [{ id: 'p', name: 'P', address: '' }] });
    expect(store.userSettings()).toMatchObject({ quitWithPending: 'keep-uploading' });
  });
});
