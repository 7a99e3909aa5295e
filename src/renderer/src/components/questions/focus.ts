import { wrapFocusIndex } from './keys';

const CANDIDATES = 'button, input, textarea, select, a[href], [tabindex]:not([tabindex="-1"])';

function isRadio(element: Element | null): element is HTMLInputElement {
  return element instanceof HTMLInputElement && element.type === 'radio' && element.name !== '';
}

/** The controls Tab visits inside `root`, in order; a radio group is one stop, as the browser treats it. */
function tabStops(root: HTMLElement): HTMLElement[] {
  const groups = new Set<string>();
  return [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter((element) => {
    if ((element as HTMLButtonElement).disabled || element.getClientRects().length === 0) return false;
    if (!isRadio(element)) return true;
    if (groups.has(element.name)) return false;
    groups.add(element.name);
    return true;
  });
}

function focusStop(root: HTMLElement, stop: HTMLElement): void {
  const checked = isRadio(stop)
    ? root.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(stop.name)}"]:checked`)
    : null;
  (checked ?? stop).focus();
}

/** Keeps Tab inside `root`: returns true when it moved focus itself (the caller then cancels the browser's move). */
export function trapTab(root: HTMLElement, backwards: boolean): boolean {
  const stops = tabStops(root);
  const active = document.activeElement;
  const current = stops.findIndex(
    (stop) => stop === active || (isRadio(stop) && isRadio(active) && stop.name === active.name),
  );
  const target = wrapFocusIndex(current, stops.length, backwards);
  if (target === undefined) return false;
  focusStop(root, stops[target]!);
  return true;
}
