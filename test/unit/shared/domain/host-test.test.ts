import { describe, expect, it } from 'vitest';
import { sayHostTest } from '../../../../shared/domain/host-test';
import { createTranslator } from '../../../../shared/i18n/translator';
import { words } from '../../../../shared/i18n/words';

describe('the photo host test’s outcome', () => {
  const failed = {
    words: words('hostTest.failed', { step: 'fetch' }),
    reason: words('reason.hostTest.answered', {
      origin: 'https://photos.example.com',
      status: 404,
    }),
  };

  it('reads in English for the command line, naming the step and its reason', () => {
    expect(sayHostTest(failed, createTranslator('en').t)).toBe(
      'The photo host test failed while downloading the test image from that address: https://photos.example.com answered 404.',
    );
    expect(sayHostTest({ words: words('hostTest.works') }, createTranslator('en').t)).toMatch(
      /^The photo host works: /,
    );
  });

  it('reads wholly in the window’s language, its reason too', () => {
    expect(sayHostTest(failed, createTranslator('es').t)).toBe(
      'La prueba del almacén de fotos falló al descargar la imagen de prueba desde esa dirección: https://photos.example.com respondió 404.',
    );
    expect(sayHostTest(failed, createTranslator('de').t)).toBe(
      'Der Test des Fotospeichers ist beim Herunterladen des Testbilds von dieser Adresse fehlgeschlagen: https://photos.example.com hat mit 404 geantwortet.',
    );
  });
});
