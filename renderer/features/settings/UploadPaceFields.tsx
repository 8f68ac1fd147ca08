import type { SettingsView } from '../../../shared/ipc/views';
import { uploadRateText } from './upload-pace';

/** The Settings form's "Upload pace" fields: a bandwidth cap and upload hours (issue 14). */
export function UploadPaceFields({ settings }: { readonly settings: SettingsView }) {
  return (
    <fieldset>
      <legend>Upload pace</legend>
      <label>
        Most bytes a second sent to the photo host (empty: no cap)
        <input
          name="maxUploadRate"
          placeholder="e.g. 2MB/s"
          defaultValue={uploadRateText(settings.maxUploadBytesPerSecond)}
        />
      </label>
      <label>
        Upload hours, in this computer’s time zone (empty: any time)
        <input
          name="uploadHours"
          placeholder="e.g. Mon-Fri 18:00-07:00"
          defaultValue={settings.uploadHours ?? ''}
        />
      </label>
      <label>
        <input name="pauseOnBattery" type="checkbox" defaultChecked={settings.pauseOnBattery} />{' '}
        Pause uploads while this computer runs on battery
      </label>
    </fieldset>
  );
}
