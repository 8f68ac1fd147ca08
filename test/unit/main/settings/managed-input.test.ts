import { describe, expect, it } from 'vitest';
import { withoutEchoedInput, withoutManagedEchoes } from '../../../../main/settings/managed-input';

const effective = {
  authUrl: 'https://sso.example.com/',
  concurrency: 2,
  photoHost: {
    kind: 's3',
    region: 'r',
    bucket: 'b',
    prefix: '',
    pathStyle: false,
    urlLifetimeSeconds: 3600,
  },
  farMeters: 500,
} as const;
const managed = new Set(['authUrl', 'concurrency', 'photoHost']);

describe('a settings change that only repeats the organisation’s values', () => {
  it('drops managed values equal as the form says them, keeps real changes and the rest', () => {
    expect(
      withoutManagedEchoes(
        {
          authUrl: 'https://sso.example.com',
          concurrency: 2,
          photoHost: { kind: 's3', region: 'r', bucket: 'b', prefix: '', pathStyle: false },
          farMeters: 500,
        },
        effective,
        managed,
      ),
    ).toEqual({ farMeters: 500 });
    expect(
      withoutManagedEchoes(
        {
          concurrency: 3,
          photoHost: { kind: 's3', region: 'r', bucket: 'other', prefix: '', pathStyle: false },
        },
        effective,
        managed,
      ),
    ).toEqual({
      concurrency: 3,
      photoHost: { kind: 's3', region: 'r', bucket: 'other', prefix: '', pathStyle: false },
    });
  });

  it('leaves out of the question what was dropped, but not a photo host sent with keys', () => {
    const input = {
      authUrl: 'https://sso.example.com',
      farMeters: 900,
      photoHost: { kind: 's3', region: 'r', bucket: 'b', accessKeyId: 'AKIA' },
    };
    expect(withoutEchoedInput(input, { farMeters: 900 }, managed)).toEqual({
      farMeters: 900,
      photoHost: input.photoHost,
    });
  });
});
