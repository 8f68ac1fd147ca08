import type { Words } from '../../../shared/i18n/translator';
import type { SettingsView } from '../../../shared/ipc/views';
import { useT } from '../../i18n/use-t';
import { FarPhotoField } from './FarPhotoField';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';
import { QuitChoiceField } from './QuitChoiceField';
import { UploadPaceFields } from './UploadPaceFields';
import { ZoneField } from './ZoneField';
import { SPACE } from '../../i18n/inline-space';

/**
 * Settings › Uploading: uploads at once, the pace (cap, hours, battery), HEIC and TIFF, the zone
 * of photos without one, the far-photo distance, and quitting with uploads pending.
 */
export function UploadingSection({
  settings,
  farProblem,
  onQuitChoiceSaved,
}: {
  readonly settings: SettingsView;
  /** Why the far-photo distance typed was not saved; undefined when nothing is wrong. */
  readonly farProblem: Words | undefined;
  readonly onQuitChoiceSaved: (saved: SettingsView) => void;
}) {
  const t = useT();
  const concurrency = useManaged('concurrency');
  const zone = useManaged('assumedZone');
  const keep = useManaged('keepOriginals');
  return (
    <>
      <label>
        {t('settings.uploading.concurrency')}
        <input
          name="concurrency"
          type="number"
          min={1}
          max={16}
          defaultValue={settings.concurrency}
          readOnly={concurrency.managed}
          aria-describedby={concurrency.describedBy()}
        />
      </label>
      <ManagedNote field="concurrency" />
      <UploadPaceFields settings={settings} />
      <label>
        <input
          name="keepOriginals"
          type="checkbox"
          defaultChecked={settings.keepOriginals}
          disabled={keep.managed}
          aria-describedby={keep.describedBy()}
        />
        {SPACE}
        {t('settings.uploading.keepOriginals')}
      </label>
      <ManagedNote field="keepOriginals" />
      <ZoneField
        saved={settings.assumedZone}
        isDisabled={zone.managed}
        describedBy={zone.describedBy()}
      />
      <ManagedNote field="assumedZone" />
      <FarPhotoField savedMeters={settings.farMeters} problem={farProblem} />
      <QuitChoiceField remembered={settings.quitWithPending} onSaved={onQuitChoiceSaved} />
    </>
  );
}
