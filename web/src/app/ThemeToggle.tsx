import { useState } from 'react';
import { currentTheme, setTheme, type Theme } from '../lib/theme';

/** One button in the header; its text (also its accessible name) says what pressing it does. */
export function ThemeToggle() {
  const [theme, setLocal] = useState<Theme>(currentTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      data-testid="theme-toggle"
      data-theme-now={theme}
      title={`Switch to the ${next} theme`}
      onClick={() => {
        setTheme(next);
        setLocal(next);
      }}
    >
      <span aria-hidden="true">{next === 'dark' ? '☾' : '☀'}</span> {next === 'dark' ? 'Dark theme' : 'Light theme'}
    </button>
  );
}
