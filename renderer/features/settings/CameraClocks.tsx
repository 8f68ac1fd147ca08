import { useEffect, useState } from 'react';
import {
  type CameraOffset,
  cameraLabel,
  withCameraOffset,
} from '../../../shared/domain/camera-clock';
import { describeClockOffset, parseClockOffset } from '../../../shared/domain/clock-offset-words';
import type { MessageKey } from '../../../shared/i18n/catalogs';
import type { Words } from '../../../shared/i18n/translator';
import { call, useBridge } from '../../bridge/hooks';
import { useT, useWords } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { SPACE } from '../../i18n/inline-space';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';

/**
 * How an offset is written (`parseClockOffset` reads these forms, in English words or signed):
 * examples in the hint, the same in every language.
 */
const OFFSET_EXAMPLES = { behind: '1 h 3 min behind', ahead: '45 s ahead', signed: '+1h03m' };

/** One saved camera's row: its offset in words, editable, or removed. */
function CameraRow(props: {
  readonly entry: CameraOffset;
  readonly onSave: (entry: CameraOffset) => void;
  readonly onProblem: (message: Words) => void;
}) {
  const { entry } = props;
  const t = useT();
  const label = cameraLabel(entry);
  const [words, setWords] = useState(describeClockOffset(entry.offsetSeconds));
  const save = () => {
    const seconds = parseClockOffset(words);
    if (seconds === undefined)
      props.onProblem({
        key: 'settings.cameras.rowProblem',
        values: { camera: label, ...OFFSET_EXAMPLES },
      });
    else props.onSave({ ...entry, offsetSeconds: seconds });
  };
  return (
    <li>
      <strong>{label}</strong>
      {SPACE}
      <input
        aria-label={t('settings.cameras.offsetLabel', { camera: label })}
        value={words}
        onChange={(event) => setWords(event.target.value)}
      />
      {SPACE}
      <button type="button" onClick={save}>
        {t('settings.cameras.save')}
      </button>
      {SPACE}
      <button
        type="button"
        aria-label={t('settings.cameras.removeLabel', { camera: label })}
        onClick={() => props.onSave({ ...entry, offsetSeconds: 0 })}
      >
        {t('settings.cameras.remove')}
      </button>
    </li>
  );
}

/**
 * Settings › Camera clocks: the saved clock offset of each camera (make, model, body serial),
 * applied to photos added from then on. The user says it in words ("1 h 3 min behind").
 */
export function CameraClocks() {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const said = useWords();
  const [offsets, setOffsets] = useState<readonly CameraOffset[]>([]);
  const [draft, setDraft] = useState({ make: '', model: '', serial: '', words: '' });
  // The form's own check (words of the catalog), or main's refusal (its own words).
  const [message, setMessage] = useState<Words | string>();
  const managed = useManaged('cameraOffsets');
  useEffect(() => {
    call(bridge, 'settings:get', {})
      .then((settings) => setOffsets(settings.cameraOffsets))
      .catch((error: unknown) => setMessage(sayError(error)));
  }, [bridge]);
  const save = (entry: CameraOffset) => {
    setMessage(undefined);
    call(bridge, 'settings:set', { cameraOffsets: withCameraOffset(offsets, entry) })
      .then((settings) => setOffsets(settings.cameraOffsets))
      .catch((error: unknown) => setMessage(sayError(error)));
  };
  const add = () => {
    const seconds = parseClockOffset(draft.words);
    if (draft.make.trim() === '' || draft.model.trim() === '')
      setMessage({ key: 'settings.cameras.needsMakeModel' });
    else if (seconds === undefined)
      setMessage({ key: 'settings.cameras.hint', values: OFFSET_EXAMPLES });
    else {
      save({
        make: draft.make.trim(),
        model: draft.model.trim(),
        ...(draft.serial.trim() === '' ? {} : { serial: draft.serial.trim() }),
        offsetSeconds: seconds,
      });
      setDraft({ make: '', model: '', serial: '', words: '' });
    }
  };
  const field = (name: keyof typeof draft, label: MessageKey) => (
    <label>
      {t(label)}
      <input
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </label>
  );
  return (
    <fieldset
      disabled={managed.managed}
      aria-describedby={managed.describedBy()}
      aria-labelledby="camera-clocks-heading"
    >
      <legend id="camera-clocks-heading">{t('settings.cameras.legend')}</legend>
      <ManagedNote field="cameraOffsets" />
      <p className="muted">{t('settings.cameras.intro')}</p>
      <ul aria-label={t('settings.cameras.legend')}>
        {offsets.map((entry) => (
          <CameraRow
            key={`${cameraLabel(entry)}|${entry.offsetSeconds}`}
            entry={entry}
            onSave={save}
            onProblem={setMessage}
          />
        ))}
      </ul>
      {field('make', 'settings.cameras.make')}
      {field('model', 'settings.cameras.model')}
      {field('serial', 'settings.cameras.serial')}
      {field('words', 'settings.cameras.offset')}
      <button type="button" onClick={add}>
        {t('settings.cameras.add')}
      </button>
      {message ? <p role="alert">{typeof message === 'string' ? message : said(message)}</p> : null}
    </fieldset>
  );
}
