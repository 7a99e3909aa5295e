import type { Settings } from '../../../shared/settings/schema';

/** The page follows the chosen theme; CSS reads it from `data-theme` on the root element. */
export function applyTheme(root: HTMLElement, theme: Settings['theme']): void {
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}
