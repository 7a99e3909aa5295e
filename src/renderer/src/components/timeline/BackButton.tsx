/** The way out of a replay, the same whether it loaded or not. */
export function BackButton(props: { onBack: () => void }) {
  return (
    <button type="button" className="quiet" onClick={props.onBack}>
      <span aria-hidden="true">←</span> Back to the live session
    </button>
  );
}
