/** "Other...": the person's own words, for when none of the choices fit. It takes focus as it appears. */
export function OtherField(props: { id: string; value: string; onChange: (value: string) => void }) {
  const { id, value, onChange } = props;
  return (
    <div className="other-field">
      <label htmlFor={id}>In your own words</label>
      <input
        id={id}
        type="text"
        value={value}
        maxLength={300}
        autoComplete="off"
        autoFocus
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
