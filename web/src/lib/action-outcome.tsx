import { useEffect, useRef } from 'react';
import './action-outcome.css';
import { ProblemAlert } from './ProblemList';

// What a button that saves, loads or makes a link tells the person, said the
// same way wherever such a button is: a line that confirms, a link to copy by
// hand when the clipboard is not there or refused it (shown selected), and an
// error as an alert.

export type ActionOutcome =
  /** `url`: a link the person may still want to see or copy again. */
  | { kind: 'done'; message: string; url?: string }
  /** `problems`: an input's problems to list under the message (problems.ts), when it has several. */
  | { kind: 'error'; message: string; problems?: readonly string[] }
  /** The link could not go to the clipboard: it is shown to copy by hand. */
  | { kind: 'manual'; message: string; url: string };

/** navigator.clipboard.writeText where the page has a clipboard. */
export function pageClipboard(): ((text: string) => Promise<void>) | undefined {
  return navigator.clipboard ? (text) => navigator.clipboard.writeText(text) : undefined;
}

/** Puts `url` on the clipboard (pageClipboard()): `copied` when it went there, the link to copy by hand when not. */
export async function offerLink(url: string, copied: string, writeClipboard: ((text: string) => Promise<void>) | undefined): Promise<ActionOutcome> {
  if (!writeClipboard) return { kind: 'manual', message: 'This browser gives no clipboard here: copy the link below.', url };
  try {
    await writeClipboard(url);
    return { kind: 'done', message: copied, url };
  } catch {
    return { kind: 'manual', message: 'The browser refused the clipboard: copy the link below.', url };
  }
}

export interface OutcomeLineProps {
  outcome: ActionOutcome | null;
  /** Test ids `${testId}-status`, `${testId}-link-field` and `${testId}-error`. */
  testId: string;
  /** The link field's accessible name, e.g. "Teacher link". */
  linkLabel: string;
  /** An action is under way. */
  busy?: boolean;
  /** The status line's id, for a group's aria-describedby. */
  id?: string;
  /** Keep a link that went to the clipboard in view too (to see what was copied). */
  showCopiedLink?: boolean;
}

export function OutcomeLine({ outcome, testId, linkLabel, busy = false, id, showCopiedLink = false }: OutcomeLineProps) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (outcome?.kind === 'manual') field.current?.select();
  }, [outcome]);
  const url = outcome?.kind === 'manual' || (showCopiedLink && outcome?.kind === 'done') ? outcome.url : undefined;
  return (
    <>
      <div id={id} className="share-status" role="status" aria-live="polite" data-testid={`${testId}-status`}>
        {busy && <span>Working…</span>}
        {outcome && outcome.kind !== 'error' && <span className={outcome.kind === 'done' ? 'share-done' : undefined}>{outcome.message}</span>}
        {url !== undefined && <input ref={field} type="text" readOnly value={url} aria-label={linkLabel} data-testid={`${testId}-link-field`} onFocus={(e) => e.target.select()} />}
      </div>
      {outcome?.kind === 'error' && (
        <ProblemAlert className="share-error" testId={`${testId}-error`} message={outcome.message} problems={outcome.problems} />
      )}
    </>
  );
}
