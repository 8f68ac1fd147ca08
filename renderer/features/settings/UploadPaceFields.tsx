import type { SettingsView } from '../../../shared/ipc/views';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';
import { uploadRateText } from './upload-pace';

/** The Settings form's "Upload pace" fields: a bandwidth cap and upload hours (issue 14). */
export function UploadPaceFields({ settings }: { readonly settings: SettingsView }) {
  const rate = useManaged('maxUploadRate');
  const hours = useManaged('uploadHours');
  const battery = useManaged('pauseOnBattery');
  return (
    <fieldset>
      <legend>Upload pace</legend>
      <label>
        Most bytes a second sent to the photo host (empty: no cap)
        <input
          name="maxUploadRate"
          placeholder="e.g. 2MB/s"
          defaultValue={uploadRateText(settings.maxUploadBytesPerSecond)}
          readOnly={rate.managed}
          aria-describedby={rate.describedBy()}
        />
      </label>
      <ManagedNote field="maxUploadRate" />
      <label>
        Upload hours, in this computer’s time zone (empty: any time)
        <input
          name="uploadHours"
          placeholder="e.g. Mon-Fri 18:00-07:00"
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
        />{' '}
        Pause uploads while this computer runs on battery
      </label>
      <ManagedNote field="pauseOnBattery" />
    </fieldset>
  );
}
