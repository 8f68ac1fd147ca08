import { DEFAULT_MAP_TILE_URL } from '../../../shared/domain/map-tiles';
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
  const managed = useManaged('mapTileUrl');
  return (
    <>
      <label>
        Map tile address
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
        Where the map gets its background, with {'{z}'}, {'{x}'} and {'{y}'} in it: https://, or
        http:// to this computer only. The default is OpenStreetMap ({DEFAULT_MAP_TILE_URL}). Only
        this address’s server may send the window images.
      </p>
      {changed ? (
        <p role="note">
          The map uses the new address once the window is reloaded.{' '}
          <button type="button" onClick={() => window.location.reload()}>
            Reload the window now
          </button>
        </p>
      ) : null}
    </>
  );
}
