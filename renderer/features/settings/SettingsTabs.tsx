import { Fragment, type ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useT } from '../../i18n/use-t';
import { isSectionId, SETTINGS_SECTIONS, type SettingsSectionId } from './settings-sections';
import { useWideSettings } from './use-wide-settings';

/**
 * Settings' sections as React Aria tabs: a column of named icons beside the open section in a
 * wide window, a compact row above it in a small one (1024 px, 200 % zoom). The arrow keys move
 * along the list the way it is laid out, Home and End go to its ends. Every section stays in the
 * form while another is shown (only hidden and inert), so one Save sends what was typed in any
 * of them.
 */
export function SettingsTabs({
  generation,
  current,
  onChoose,
  panels,
}: {
  /** Bumped when settings change from outside the form: the sections' fields start afresh. */
  readonly generation: number;
  readonly current: SettingsSectionId;
  readonly onChoose: (section: SettingsSectionId) => void;
  /** Each section's fields, by its id. */
  readonly panels: Readonly<Record<SettingsSectionId, ReactNode>>;
}) {
  const t = useT();
  const wide = useWideSettings();
  return (
    <Tabs
      className="settings-layout"
      orientation={wide ? 'vertical' : 'horizontal'}
      selectedKey={current}
      onSelectionChange={(key) => {
        if (isSectionId(key)) onChoose(key);
      }}
    >
      <TabList className="settings-nav" aria-label={t('settings.sections.label')}>
        {SETTINGS_SECTIONS.map(({ id, title, icon: Icon }) => (
          <Tab key={id} id={id} className="settings-tab" data-section={id}>
            <Icon aria-hidden="true" className="settings-tab-icon" />
            {t(title)}
          </Tab>
        ))}
      </TabList>
      {SETTINGS_SECTIONS.map(({ id, title, help }) => (
        <TabPanel
          key={id}
          id={id}
          className="settings-panel"
          data-section={id}
          // Kept in the form (one Save sends every section), inert and hidden: out of sight and
          // out of the accessibility tree.
          shouldForceMount
          hidden={id !== current}
        >
          <header className="settings-panel-header">
            <h3>{t(title)}</h3>
            <p className="muted">{t(help)}</p>
          </header>
          <Fragment key={generation}>{panels[id]}</Fragment>
        </TabPanel>
      ))}
    </Tabs>
  );
}
