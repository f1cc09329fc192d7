import type { TimeRange } from '../charts/layout';
import { isRecord } from '../lib/json';
import type { Speed } from '../protocol/protocol';

// What a person saw when they made a link, beside the scenario it replays:
// the speed, whether it was playing, the charts' time window, the theory
// overlay, the panels they had open, the preset the lab came from and a note
// (a task, a question) they wrote for whoever opens it. A link carrying it is
// a version 3 link (url-codec.ts); an older link has none, and opens as it
// always did (playing, at the page's usual speed and window).

export interface LinkView {
  speed: Speed;
  /** The link opens paused unless this is true. */
  playing: boolean;
  range: TimeRange;
  /** The fluid model drawn over the queue chart. */
  theory: boolean;
  /** data-testid of each open fold (details) on the page. */
  panels: string[];
  /** The preset the lab was loaded from, even if it was changed since; null when none. */
  preset: string | null;
  /** The author's note for whoever opens the link; '' when none. */
  note: string;
}

/** How an older link, without a view, opens: as it always did. */
export const defaultLinkView: LinkView = { speed: 10, playing: true, range: 'recent', theory: false, panels: [], preset: null, note: '' };

export const maxNoteChars = 2000;
const speeds: readonly Speed[] = [1, 10, 30, 100, 'max'];
const panelId = /^[a-z0-9-]{1,64}$/;
const presetId = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The view a link carries, or what is wrong with it (in the field names of the link's JSON). */
export function checkLinkView(value: unknown): { ok: true; view: LinkView } | { ok: false; error: string } {
  if (!isRecord(value)) return { ok: false, error: 'view: must be a JSON object' };
  const known = new Set(Object.keys(defaultLinkView));
  const unknown = Object.keys(value).find((k) => !known.has(k));
  if (unknown !== undefined) return { ok: false, error: `view: unknown field ${JSON.stringify(unknown).slice(0, 40)}` };
  const view: Record<string, unknown> = { ...defaultLinkView, ...value };
  const speed = speeds.find((s) => s === view.speed);
  if (speed === undefined) return { ok: false, error: `view.speed: must be one of ${speeds.join(', ')}` };
  const { playing, range, theory } = view;
  if (typeof playing !== 'boolean') return { ok: false, error: 'view.playing: must be true or false' };
  if (range !== 'recent' && range !== 'whole') return { ok: false, error: 'view.range: must be "recent" or "whole"' };
  if (typeof theory !== 'boolean') return { ok: false, error: 'view.theory: must be true or false' };
  const panels: unknown = view.panels;
  if (!Array.isArray(panels) || panels.length > 32 || !panels.every((p): p is string => typeof p === 'string' && panelId.test(p))) {
    return { ok: false, error: 'view.panels: must be a list of at most 32 panel names' };
  }
  const preset: unknown = view.preset;
  if (preset !== null && !(typeof preset === 'string' && presetId.test(preset))) return { ok: false, error: 'view.preset: must be a preset name or null' };
  const note: unknown = view.note;
  if (typeof note !== 'string' || note.length > maxNoteChars) return { ok: false, error: `view.note: must be text of at most ${maxNoteChars} characters` };
  return {
    ok: true,
    view: { speed, playing, range, theory, panels, preset, note },
  };
}
