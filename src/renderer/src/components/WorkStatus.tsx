/**
 * One status line for a panel's work: what is under way, shown; otherwise the last thing done, said to a screen reader
 * only. Kept as one live region, so a screen reader hears each change once.
 */
export function WorkStatus(props: { working: string | undefined; notice: string; className: string }) {
  return props.working ? (
    <p className={props.className} role="status">
      {props.working}
    </p>
  ) : (
    <p className="visually-hidden" role="status">
      {props.notice}
    </p>
  );
}
