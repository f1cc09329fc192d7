import { useState } from 'react';
import { currentTheme, setTheme, type Theme } from '../lib/theme';

/** One button in the header; its label says what pressing it does. */
export function ThemeToggle() {
  const [theme, setLocal] = useState<Theme>(currentTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      data-testid="theme-toggle"
      aria-pressed={theme === 'dark'}
      aria-label="Dark theme"
      title={`Switch to the ${next} theme`}
      onClick={() => {
        setTheme(next);
        setLocal(next);
      }}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☾' : '☀'}</span> {theme === 'dark' ? 'Dark' : 'Light'}
    </button>
  );
}
