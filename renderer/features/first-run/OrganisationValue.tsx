import { useT } from '../../i18n/use-t';

/**
 * A setting the organisation's policy sets: its value as text, never a field, with the words
 * that say who decides it (main refuses a change to it anyway).
 */
export function OrganisationValue({
  label,
  value,
}: {
  readonly label: string;
  readonly value: string;
}) {
  const t = useT();
  return (
    <div className="organisation-value">
      <span>{label}</span>
      <span>
        <strong>{value}</strong> <span className="muted">{t('firstRun.organisation.setBy')}</span>
      </span>
    </div>
  );
}
