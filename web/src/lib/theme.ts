import { clearColourCache } from './colours';

// Light and dark themes: a data-theme attribute on <html> switches the CSS
// custom properties; the choice is remembered in localStorage, and without
// one the system's prefers-color-scheme decides. Charts listen so their
// canvases (which cannot follow CSS) repaint in the new colours.

export type Theme = 'light' | 'dark';

export const themeStorageKey = 'aqmlab-theme';
const listeners = new Set<(theme: Theme) => void>();

function stored(): Theme | null {
  try {
    const value = localStorage.getItem(themeStorageKey);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null; // storage can be disabled
  }
}

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** Applies the remembered (or system) theme; called once before the first render. */
export function initTheme(): Theme {
  const theme = stored() ?? systemTheme();
  document.documentElement.dataset.theme = theme;
  return theme;
}

export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(themeStorageKey, theme);
  } catch {
    // not remembered, still applied
  }
  clearColourCache();
  for (const listener of listeners) listener(theme);
}

export function onThemeChange(listener: (theme: Theme) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
