import katex from 'katex';
import 'katex/dist/katex.min.css';

// TeX typeset by KaTeX in the page (its fonts are bundled by Vite from the
// katex package, so nothing is fetched from elsewhere).

export function typeset(tex: string, display: boolean): string {
  // throwOnError off: a TeX slip shows the source in red instead of breaking the panel.
  return katex.renderToString(tex, { displayMode: display, throwOnError: false, output: 'htmlAndMathml' });
}
