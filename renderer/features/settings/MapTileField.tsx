import { DEFAULT_MAP_TILE_URL } from '../../../shared/domain/map-tiles';
import { useT } from '../../i18n/use-t';
import { SPACE } from '../../i18n/inline-space';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';

/**
 * The Settings form's map tile address (issue 15): a URL template with `{z}`, `{x}` and `{y}`.
 * Main checks it when saved and says what is wrong. The window's security policy admits the
 * saved address's origin only, read when the window loads: after a change, `changed` offers a
 * reload so the map can use the new tiles.
 */
export function MapTileField({
  savedUrl,
  changed,
}: {
  readonly savedUrl: string;
  /** True once a new address was saved and the window still runs under the old policy. */
  readonly changed: boolean;
}) {
  const t = useT();
  const managed = useManaged('mapTileUrl');
  return (
    <>
      <label>
        {t('settings.map.label')}
        <input
          name="mapTileUrl"
          defaultValue={savedUrl}
          spellCheck={false}
          readOnly={managed.managed}
          aria-describedby={managed.describedBy('map-tile-help')}
        />
      </label>
      <ManagedNote field="mapTileUrl" />
      <p id="map-tile-help" className="muted">
        {t('settings.map.help', {
          z: '{z}',
          x: '{x}',
          y: '{y}',
          https: 'https://',
          http: 'http://',
          url: DEFAULT_MAP_TILE_URL,
        })}
      </p>
      {changed ? (
        <p role="note">
          {t('settings.map.reloadNeeded')}
          {SPACE}
          <button type="button" onClick={() => window.location.reload()}>
            {t('settings.map.reload')}
          </button>
        </p>
      ) : null}
    </>
  );
}
