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
  return (
    <div className="organisation-value">
      <span>{label}</span>
      <span>
        <strong>{value}</strong> <span className="muted">Set by your organisation</span>
      </span>
    </div>
  );
}
