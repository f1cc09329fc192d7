import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { SeriesSource } from '../scenario/series-csv';
import { replaceFragment, type Layout } from '../scenario/url-codec';
import { maxNoteChars, type LinkView } from '../scenario/link-view';
import { copyLink, exportCsv, exportJson, importJson, type ActionOutcome, type ExportScenario, type LoadScenario } from './share-actions';
import { OutcomeLine, pageClipboard } from '../lib/action-outcome';
import './share.css';

// Copy link / Export JSON / Import JSON / Export CSV. Each button reports in
// one status line next to the buttons (a polite live region, or an alert for
// errors); a link the clipboard refused is shown in a selected text field.

export interface ShareMenuProps {
  /** Lab.exportScenario: the scenario with the live changes merged as events. */
  exportScenario: ExportScenario;
  /** Lab.load: validate with the core, rebuild the sides, restart. */
  loadScenario: LoadScenario;
  /** The charts' layout now, carried in the link. */
  layout: Layout;
  /** Every side's name (as the scenario has it) and sample store, in side order. */
  getSeries: () => readonly SeriesSource[];
  /** What the person sees now, carried in the link (link-view.ts). */
  view?: () => LinkView;
  /** The note (a task, a question) the link carries for whoever opens it. */
  note?: string;
  onNoteChange?: (note: string) => void;
}

type Busy = 'link' | 'json' | 'import' | 'csv' | null;

export function ShareMenu({ exportScenario, loadScenario, layout, getSeries, view, note, onNoteChange }: ShareMenuProps) {
  const id = useId();
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const run = async (which: Exclude<Busy, null>, action: () => Promise<ActionOutcome>) => {
    setBusy(which);
    setOutcome(null);
    try {
      setOutcome(await action());
    } finally {
      setBusy(null);
    }
  };

  const copy = () =>
    run('link', () =>
      copyLink({
        exportScenario,
        layout,
        href: window.location.href,
        setFragment: replaceFragment,
        writeClipboard: pageClipboard(),
        view: view?.(),
      }),
    );

  const imported = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again must fire again
    if (!file) return;
    void run('import', async () => {
      const result = await importJson(file, loadScenario);
      // The old link describes another scenario now.
      if (result.kind === 'done') replaceFragment('');
      return result;
    });
  };

  const statusId = `${id}-status`;
  return (
    <div className="share-menu" role="group" aria-label="Share and export" aria-describedby={statusId}>
      <div className="buttons share-buttons">
        <button type="button" data-testid="copy-link" onClick={() => void copy()} disabled={busy !== null}>
          Copy link
        </button>
        <button type="button" data-testid="export-json" onClick={() => void run('json', () => exportJson(exportScenario))} disabled={busy !== null}>
          Export JSON
        </button>
        <button type="button" data-testid="import-json" onClick={() => fileInput.current?.click()} disabled={busy !== null}>
          Import JSON…
        </button>
        <input
          ref={fileInput}
          id={`${id}-file`}
          className="share-file"
          type="file"
          accept=".json,application/json"
          aria-label="Scenario file to import"
          data-testid="import-file"
          tabIndex={-1}
          onChange={imported}
        />
        <button
          type="button"
          data-testid="export-csv"
          onClick={() => void run('csv', () => exportCsv(exportScenario, getSeries))}
          disabled={busy !== null}
        >
          Export CSV
        </button>
      </div>
      {onNoteChange && (
        // Folded: the bar keeps its height for the charts until someone writes a note.
        <details className="share-note" open={note !== undefined && note !== '' ? true : undefined}>
          <summary>Note in the link</summary>
          <label>
            <span>A task or a question, shown to whoever opens the link</span>
            <textarea data-testid="link-note-input" rows={2} maxLength={maxNoteChars} value={note ?? ''} onChange={(e) => onNoteChange(e.target.value)} />
          </label>
        </details>
      )}
      <OutcomeLine outcome={outcome} busy={busy !== null} id={statusId} testId="share" linkLabel="Link to this run" />
    </div>
  );
}
