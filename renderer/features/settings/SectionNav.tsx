import { type KeyboardEvent, useRef } from 'react';
import { useT } from '../../i18n/use-t';
import {
  sectionAfterKey,
  sectionPanelId,
  sectionTabId,
  SETTINGS_SECTIONS,
  type SettingsSectionId,
} from './settings-sections';

/**
 * The list of Settings sections: a vertical tab list with roving focus. Tab reaches the open
 * section's tab only; the arrow keys, Home and End move to another section and open it.
 */
export function SectionNav({
  current,
  onChoose,
}: {
  readonly current: SettingsSectionId;
  readonly onChoose: (section: SettingsSectionId) => void;
}) {
  const t = useT();
  const list = useRef<HTMLDivElement>(null);
  const keyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = sectionAfterKey(current, event.key);
    if (next === undefined) return;
    event.preventDefault();
    onChoose(next);
    list.current?.querySelector<HTMLElement>(`#${sectionTabId(next)}`)?.focus();
  };
  return (
    <div
      ref={list}
      className="settings-nav"
      role="tablist"
      aria-label={t('settings.sections.label')}
      aria-orientation="vertical"
    >
      {SETTINGS_SECTIONS.map((section) => (
        <button
          key={section.id}
          id={sectionTabId(section.id)}
          type="button"
          role="tab"
          aria-selected={section.id === current}
          aria-controls={sectionPanelId(section.id)}
          tabIndex={section.id === current ? 0 : -1}
          onClick={() => onChoose(section.id)}
          onKeyDown={keyDown}
        >
          {t(section.title)}
        </button>
      ))}
    </div>
  );
}
