import type { ReactNode } from 'react';
import { sectionPanelId, sectionTabId, type SettingsSectionId } from './settings-sections';

/**
 * One section of Settings, named by its tab. Every section stays in the form while another is
 * shown (only hidden), so one Save sends what was typed in any of them.
 */
export function SectionPanel({
  id,
  open,
  children,
}: {
  readonly id: SettingsSectionId;
  readonly open: boolean;
  readonly children: ReactNode;
}) {
  return (
    <div
      id={sectionPanelId(id)}
      className="settings-panel"
      role="tabpanel"
      aria-labelledby={sectionTabId(id)}
      hidden={!open}
    >
      {children}
    </div>
  );
}
