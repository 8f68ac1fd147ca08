import type { SettingsView } from '../../../shared/ipc/views';
import { useT } from '../../i18n/use-t';
import { SPACE } from '../../i18n/inline-space';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';
import { PACE_EXAMPLES, uploadRateText } from './upload-pace';

/** The Settings form's "Upload pace" fields: a bandwidth cap and upload hours (issue 14). */
export function UploadPaceFields({ settings }: { readonly settings: SettingsView }) {
  const t = useT();
  const rate = useManaged('maxUploadRate');
  const hours = useManaged('uploadHours');
  const battery = useManaged('pauseOnBattery');
  return (
    <fieldset>
      <legend>{t('settings.uploading.pace.legend')}</legend>
      <label>
        {t('settings.uploading.pace.rate')}
        <input
          name="maxUploadRate"
          placeholder={t('settings.uploading.pace.example', { example: PACE_EXAMPLES.rate })}
          defaultValue={uploadRateText(settings.maxUploadBytesPerSecond)}
          readOnly={rate.managed}
          aria-describedby={rate.describedBy()}
        />
      </label>
      <ManagedNote field="maxUploadRate" />
      <label>
        {t('settings.uploading.pace.hours')}
        <input
          name="uploadHours"
          placeholder={t('settings.uploading.pace.example', { example: PACE_EXAMPLES.hours })}
          defaultValue={settings.uploadHours ?? ''}
          readOnly={hours.managed}
          aria-describedby={hours.describedBy()}
        />
      </label>
      <ManagedNote field="uploadHours" />
      <label>
        <input
          name="pauseOnBattery"
          type="checkbox"
          defaultChecked={settings.pauseOnBattery}
          disabled={battery.managed}
          aria-describedby={battery.describedBy()}
        />
        {SPACE}
        {t('settings.uploading.pace.battery')}
      </label>
      <ManagedNote field="pauseOnBattery" />
    </fieldset>
  );
}
