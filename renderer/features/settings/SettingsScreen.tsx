import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { sayHostTest } from '../../../shared/domain/host-test';
import type { Words } from '../../../shared/i18n/translator';
import type { SettingsView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useShowLocale } from '../../i18n/IntlRoot';
import { useT, useWords } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { AccountSection } from './AccountSection';
import { CameraClocks } from './CameraClocks';
import { HelpSection } from './HelpSection';
import { ManagedFieldsContext } from './managed-context';
import { managedFields } from './managed-fields';
import { MapTileField } from './MapTileField';
import { NetworkSection } from './NetworkSection';
import { PhotoStorageSection } from './PhotoStorageSection';
import { PresetsSection } from './PresetsSection';
import { PolicyProblem } from './PolicyProblem';
import { formSettings, type HostKind } from './settings-input';
import { firstInvalidField } from './invalid-field';
import { SETTINGS_SECTIONS, type SettingsSectionId } from './settings-sections';
import { SettingsTabs } from './SettingsTabs';
import { SetupFileButton } from './SetupFileButton';
import { UploadingSection } from './UploadingSection';
import { WatchedFoldersSection } from './WatchedFoldersSection';
import './settings.css';

/** What the status line says: words from the catalog, or main's own words (a failed call's). */
type Said = Words | string;

/** The "Saved." of the last Save (dropped once a field changes). */
const SAVED: Words = { key: 'settings.save.saved' };

/**
 * Settings in sections (Account, Uploading, Photo storage, Watched folders, Presets and
 * templates, Cameras, Network, Map, Help), one shown at a time, all in one form: one Save sends what was typed in any of them,
 * without the settings the organisation manages (shown read-only).
 */
export function SettingsScreen({
  onSaved,
}: {
  readonly onSaved: (settings: SettingsView) => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const words = useWords();
  const showLocale = useShowLocale();
  const [settings, setSettings] = useState<SettingsView>();
  const [section, setSection] = useState<SettingsSectionId>('account');
  // Bumped when settings change from outside the form (a setup file): the fields start afresh.
  const [generation, setGeneration] = useState(0);
  const [secret, setSecret] = useState('');
  const [message, setMessage] = useState<Said>();
  const [farProblem, setFarProblem] = useState<Words>();
  const [profileProblem, setProfileProblem] = useState<Words>();
  const [tilesChanged, setTilesChanged] = useState(false);
  const [testingHost, setTestingHost] = useState(false);
  const [hostKind, setHostKind] = useState<HostKind>('none');
  const load = useCallback(
    () =>
      call(bridge, 'settings:get', {})
        .then((loaded) => {
          setSettings(loaded);
          setHostKind(loaded.photoHost?.kind ?? 'none');
          return loaded;
        })
        .catch((error: unknown) => {
          setMessage(sayError(error));
          return undefined;
        }),
    [bridge],
  );
  useEffect(() => {
    void load();
  }, [load]);
  // The shell passes a new `onSaved` each render: the subscription below keeps the latest.
  const announce = useRef(onSaved);
  useEffect(() => {
    announce.current = onSaved;
  });
  // The organisation's policy changed while the app runs: show the settings now in effect (its
  // values, and what it manages) afresh, on the section the user is looking at.
  useEffect(
    () =>
      bridge.on('settings:changed', (changed) => {
        setSettings(changed);
        setHostKind(changed.photoHost?.kind ?? 'none');
        setGeneration((count) => count + 1);
        announce.current(changed);
      }),
    [bridge],
  );
  const managed = useMemo(() => managedFields(settings?.managed ?? []), [settings?.managed]);
  if (settings === undefined) return <p className="muted">{t('settings.screen.loading')}</p>;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = firstInvalidField(event.currentTarget);
    if (invalid !== undefined) {
      // Its section is shown first (synchronously), so the browser can point at the field.
      flushSync(() => setSection(invalid.section));
      invalid.field.reportValidity();
      const title = SETTINGS_SECTIONS.find((shown) => shown.id === invalid.section)?.title;
      setMessage({
        key: 'settings.save.fieldProblem',
        values: { section: title === undefined ? invalid.section : t(title) },
      });
      return;
    }
    const read = formSettings(new FormData(event.currentTarget), settings, hostKind, secret);
    setFarProblem(read.ok ? undefined : read.farProblem);
    setProfileProblem(read.ok ? undefined : read.profileProblem);
    if (!read.ok) return setMessage(read.message);
    // A "Saved." from an earlier save must not stand for this one while main still works on it.
    setMessage({ key: 'settings.save.saving' });
    call(bridge, 'settings:set', read.input)
      .then((saved) => {
        if (saved.mapTileUrl !== settings.mapTileUrl) setTilesChanged(true);
        setSettings(saved);
        setSecret('');
        setMessage(SAVED);
        onSaved(saved);
      })
      .catch((error: unknown) => setMessage(sayError(error)));
  };
  const testHost = () => {
    // The round trip takes a few seconds: say so, and do not start a second one meanwhile.
    setTestingHost(true);
    setMessage({ key: 'settings.storage.testing' });
    call(bridge, 'settings:test-photo-host', {})
      .then((result) => setMessage(sayHostTest(result, t)))
      .catch((error: unknown) => setMessage(sayError(error)))
      .finally(() => setTestingHost(false));
  };
  const setupApplied = () => {
    void load().then((loaded) => {
      if (loaded === undefined) return;
      setGeneration((count) => count + 1);
      onSaved(loaded);
    });
  };
  return (
    <ManagedFieldsContext.Provider value={managed}>
      <form
        className="settings"
        // Checked on Save by `firstInvalidField`, which also shows the section of a bad field.
        noValidate
        onSubmit={submit}
        // Once a field changes, "Saved." no longer describes the form.
        onChange={() => setMessage((shown) => (shown === SAVED ? undefined : shown))}
        aria-labelledby="settings-heading"
      >
        <h2 id="settings-heading">{t('settings.screen.heading')}</h2>
        <PolicyProblem problem={settings.policyProblem} />
        <SetupFileButton onApplied={setupApplied} />
        <SettingsTabs
          generation={generation}
          current={section}
          onChoose={setSection}
          panels={{
            account: (
              <AccountSection
                settings={settings}
                secret={secret}
                onSecretChange={setSecret}
                onLanguageSaved={(saved) => {
                  // Only the language changed: the form's fields keep what the user typed.
                  const { language, locale, formatLocale } = saved;
                  setSettings({ ...settings, language, locale, formatLocale });
                  // The words and the region's formats at once (the window shows both).
                  showLocale(saved);
                  onSaved(saved);
                }}
              />
            ),
            uploading: (
              <UploadingSection
                settings={settings}
                farProblem={farProblem}
                onQuitChoiceSaved={(saved) => {
                  // Only this setting changed: the form's fields keep what the user typed.
                  setSettings({ ...settings, quitWithPending: saved.quitWithPending });
                  onSaved(saved);
                }}
              />
            ),
            storage: (
              <PhotoStorageSection
                settings={settings}
                hostKind={hostKind}
                onHostKindChange={setHostKind}
                profileProblem={profileProblem}
                testing={testingHost}
                onTest={testHost}
              />
            ),
            watch: <WatchedFoldersSection settings={settings} />,
            presets: <PresetsSection settings={settings} />,
            cameras: <CameraClocks />,
            network: <NetworkSection settings={settings} />,
            map: <MapTileField savedUrl={settings.mapTileUrl} changed={tilesChanged} />,
            help: <HelpSection />,
          }}
        />
        <div className="settings-footer">
          <button type="submit" className="primary">
            {t('settings.save.button')}
          </button>
          {message ? (
            <p role="status">{typeof message === 'string' ? message : words(message)}</p>
          ) : null}
        </div>
      </form>
    </ManagedFieldsContext.Provider>
  );
}
