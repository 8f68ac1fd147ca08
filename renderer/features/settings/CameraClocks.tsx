import { useEffect, useState } from 'react';
import {
  type CameraOffset,
  cameraLabel,
  withCameraOffset,
} from '../../../shared/domain/camera-clock';
import { describeClockOffset, parseClockOffset } from '../../../shared/domain/clock-offset-words';
import { call, useBridge } from '../../bridge/hooks';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';

const OFFSET_HINT = 'Say how far off, e.g. "1 h 3 min behind", "45 s ahead" or +1h03m';

/** One saved camera's row: its offset in words, editable, or removed. */
function CameraRow(props: {
  readonly entry: CameraOffset;
  readonly onSave: (entry: CameraOffset) => void;
  readonly onProblem: (message: string) => void;
}) {
  const { entry } = props;
  const label = cameraLabel(entry);
  const [words, setWords] = useState(describeClockOffset(entry.offsetSeconds));
  const save = () => {
    const seconds = parseClockOffset(words);
    if (seconds === undefined) props.onProblem(`${label}: ${OFFSET_HINT}.`);
    else props.onSave({ ...entry, offsetSeconds: seconds });
  };
  return (
    <li>
      <strong>{label}</strong>{' '}
      <input
        aria-label={`Clock offset of ${label}`}
        value={words}
        onChange={(event) => setWords(event.target.value)}
      />{' '}
      <button type="button" onClick={save}>
        Save
      </button>{' '}
      <button
        type="button"
        aria-label={`Forget the clock offset of ${label}`}
        onClick={() => props.onSave({ ...entry, offsetSeconds: 0 })}
      >
        Remove
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
  const [offsets, setOffsets] = useState<readonly CameraOffset[]>([]);
  const [draft, setDraft] = useState({ make: '', model: '', serial: '', words: '' });
  const [message, setMessage] = useState<string>();
  const managed = useManaged('cameraOffsets');
  useEffect(() => {
    call(bridge, 'settings:get', {})
      .then((settings) => setOffsets(settings.cameraOffsets))
      .catch((error: Error) => setMessage(error.message));
  }, [bridge]);
  const save = (entry: CameraOffset) => {
    setMessage(undefined);
    call(bridge, 'settings:set', { cameraOffsets: withCameraOffset(offsets, entry) })
      .then((settings) => setOffsets(settings.cameraOffsets))
      .catch((error: Error) => setMessage(error.message));
  };
  const add = () => {
    const seconds = parseClockOffset(draft.words);
    if (draft.make.trim() === '' || draft.model.trim() === '')
      setMessage('Give the camera’s make and model, as its photos name them.');
    else if (seconds === undefined) setMessage(`${OFFSET_HINT}.`);
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
  const field = (name: keyof typeof draft, label: string) => (
    <label>
      {label}
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
      <legend id="camera-clocks-heading">Camera clocks</legend>
      <ManagedNote field="cameraOffsets" />
      <p className="muted">
        A camera whose clock is wrong: its photos’ times are corrected by this much before their
        zone is decided, for photos added from now on.
      </p>
      <ul aria-label="Camera clocks">
        {offsets.map((entry) => (
          <CameraRow
            key={`${cameraLabel(entry)}|${entry.offsetSeconds}`}
            entry={entry}
            onSave={save}
            onProblem={setMessage}
          />
        ))}
      </ul>
      {field('make', 'Camera make')}
      {field('model', 'Camera model')}
      {field('serial', 'Body serial (optional)')}
      {field('words', 'How far off its clock is')}
      <button type="button" onClick={add}>
        Add a camera clock
      </button>
      {message ? <p role="alert">{message}</p> : null}
    </fieldset>
  );
}
