import { isLayout, layouts as layoutChoices, type Layout } from '../charts/layout';
import { parseCheckedJson } from '../lib/json-check';
import { isRecord } from '../lib/json';
import { maxSides } from '../lib/limits';
import { problemDetails, problemsOf } from '../lib/problems';
import { checkLinkTeach, writeLinkTeach, type LinkTeach } from './link-teach';
import { checkLinkView, type LinkView } from './link-view';

// The lab's whole state in the URL fragment: `v1.` + base64url(deflate-raw(JSON)).
// The JSON is {scenario, layout}; the scenario carries the sides, their
// parameters, the seed and the timeline events (live changes included), so
// the same link replays the same run. `v2.` is the same with an `experiment`
// (the experiment view's sweep and plots, checked by experiment/experiment-state.ts
// as the scenario is by the core); a link without one is still written `v1.`,
// so the lab's links read in pages that predate experiments. A link is data only: it is inflated
// with a size cap, parsed, shape-checked here and validated by the core
// (Lab.load) before anything runs, and nothing in it is ever evaluated.

export type { Layout } from '../charts/layout';
/** The chart layouts a link may name: the charts' own list. */
export const layouts: readonly Layout[] = layoutChoices.map((c) => c.value);
export const defaultLayout: Layout = 'overlay';

export type Scenario = Record<string, unknown>;

export interface LabState {
  scenario: Scenario;
  layout: Layout;
  /** The experiment view's state (v2 links); its shape is the experiment view's to check. */
  experiment?: Record<string, unknown>;
  /** What the person saw (v3 links); an older link has none. */
  view?: LinkView;
  /** A teacher link's settings (v3 links): parts hidden or locked, a lesson and its step. */
  teach?: LinkTeach;
}

export type DecodeResult = { ok: true; state: LabState } | { ok: false; error: string };

/** The version of a link without an experiment; one with an experiment is `experimentLinkVersion`. */
export const linkVersion = 1;
export const experimentLinkVersion = 2;
/** A link with a view or a teacher's settings (pages that predate them refuse it rather than open it unlocked). */
export const viewLinkVersion = 3;
const versions = [linkVersion, experimentLinkVersion, viewLinkVersion];
/** Longest fragment read: far above any real scenario, far below what hurts a browser. */
export const maxFragmentChars = 256 * 1024;
/** Largest inflated state: the same cap as a scenario file. */
export const maxStateBytes = 2 * 1024 * 1024;
/** Input is fed to the inflater in slices this big, so a bomb is caught within ~1 MB of output. */
const inflateSlice = 1024;

const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function digit(sextet: number): string {
  return base64Alphabet.charAt(sextet & 63);
}

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += digit(n >> 18) + digit(n >> 12) + digit(n >> 6) + digit(n);
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = ((bytes[i] ?? 0) << 16) | (rest === 2 ? (bytes[i + 1] ?? 0) << 8 : 0);
    out += digit(n >> 18) + digit(n >> 12);
    if (rest === 2) out += digit(n >> 6);
  }
  return out;
}

/** Strict base64url without padding: the bytes, or what is wrong with the text. */
export function fromBase64Url(text: string): Uint8Array | string {
  const bad = text.search(/[^A-Za-z0-9_-]/);
  if (bad >= 0) {
    const code = text.charCodeAt(bad);
    const shown = code > 0x20 && code < 0x7f ? `'${text[bad]}'` : `U+${code.toString(16).padStart(4, '0')}`;
    return `character ${bad + 1} of the data (${shown}) is not base64url`;
  }
  if (text.length % 4 === 1) return 'the data has a length no base64url text can have (cut short?)';
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    value = ((value << 6) | base64Alphabet.indexOf(text.charAt(i))) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
  }
  return concat(chunks, total);
}

function concat(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** A pull-driven source, so the inflater only gets more input once its output was read. */
function sliced(bytes: Uint8Array): ReadableStream<BufferSource> {
  let at = 0;
  return new ReadableStream<BufferSource>(
    {
      pull(controller) {
        if (at >= bytes.length) {
          controller.close();
          return;
        }
        controller.enqueue(bytes.slice(at, at + inflateSlice));
        at += inflateSlice;
      },
    },
    { highWaterMark: 0 },
  );
}

export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  return collect(sliced(bytes).pipeThrough(new CompressionStream('deflate-raw')));
}

/** Inflates, refusing output beyond `limit` bytes (a decompression bomb) without producing it. */
export async function inflateRawLimited(bytes: Uint8Array, limit: number): Promise<Uint8Array | string> {
  const reader = sliced(bytes).pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        return `the data inflates to more than ${limit} bytes`;
      }
      chunks.push(value);
    }
  } catch {
    return 'the compressed data is damaged or cut short';
  }
  return concat(chunks, total);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}



/** A short, printable rendering of a value for a message (never markup, React shows it as text). */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * The checks the page needs before handing the scenario to the core: the
 * right kinds at the top, and no more sides than the page has room for. The
 * core's validateScenario checks everything else (ranges, names, events).
 */
export function checkLabState(value: unknown): DecodeResult {
  if (!isRecord(value)) return { ok: false, error: `state: must be a JSON object, got ${kindOf(value)}` };
  for (const key of Object.keys(value)) {
    if (key !== 'scenario' && key !== 'layout' && key !== 'experiment' && key !== 'view' && key !== 'teach') return { ok: false, error: `state: unknown field ${shown(key)}` };
  }
  const { scenario, layout = defaultLayout, experiment } = value;
  const view = value.view === undefined ? undefined : checkLinkView(value.view);
  if (view && !view.ok) return view;
  const teach = value.teach === undefined ? undefined : checkLinkTeach(value.teach);
  if (teach && !teach.ok) return teach;
  if (experiment !== undefined && !isRecord(experiment)) return { ok: false, error: `experiment: must be a JSON object, got ${kindOf(experiment)}` };
  if (scenario === undefined) return { ok: false, error: 'scenario: missing (a link must carry the scenario)' };
  if (!isRecord(scenario)) return { ok: false, error: `scenario: must be a JSON object, got ${kindOf(scenario)}` };
  if (!isLayout(layout)) return { ok: false, error: `layout: must be one of ${layouts.join(', ')}, got ${shown(layout)}` };
  const sides = scenario.sides;
  if (sides !== undefined) {
    if (!Array.isArray(sides)) return { ok: false, error: `scenario.sides: must be an array, got ${kindOf(sides)}` };
    if (sides.length < 1 || sides.length > maxSides) {
      return { ok: false, error: `scenario.sides: must have 1 to ${maxSides} sides, got ${sides.length}` };
    }
    const notObject = sides.findIndex((s) => !isRecord(s));
    if (notObject >= 0) return { ok: false, error: `scenario.sides[${notObject}]: must be a JSON object, got ${kindOf(sides[notObject])}` };
  }
  if (scenario.events !== undefined && !Array.isArray(scenario.events)) {
    return { ok: false, error: `scenario.events: must be an array, got ${kindOf(scenario.events)}` };
  }
  return {
    ok: true,
    state: {
      scenario,
      layout,
      ...(experiment === undefined ? {} : { experiment }),
      ...(view === undefined ? {} : { view: view.view }),
      ...(teach === undefined ? {} : { teach: teach.teach }),
    },
  };
}

/** The fragment text (without '#') for a state. Throws when the link would exceed what decoding accepts. */
export async function encodeLabState(state: LabState): Promise<string> {
  // Checked in the form a link carries, so what is written is what a reader accepts.
  const { teach: given, ...rest } = state;
  const checked = checkLabState(given === undefined ? rest : { ...rest, teach: writeLinkTeach(given) });
  if (!checked.ok) throw new Error(checked.error);
  const { scenario, layout, experiment, view, teach } = checked.state;
  const written = { scenario, layout, ...(experiment === undefined ? {} : { experiment }), ...(view === undefined ? {} : { view }), ...(teach === undefined ? {} : { teach: writeLinkTeach(teach) }) };
  const json = new TextEncoder().encode(JSON.stringify(written));
  if (json.byteLength > maxStateBytes) throw new Error(`state: ${json.byteLength} bytes of JSON, more than a link carries (${maxStateBytes})`);
  const version = view !== undefined || teach !== undefined ? viewLinkVersion : experiment === undefined ? linkVersion : experimentLinkVersion;
  const fragment = `v${version}.${toBase64Url(await deflateRaw(json))}`;
  if (fragment.length > maxFragmentChars) throw new Error(`state: the link would be ${fragment.length} characters, more than ${maxFragmentChars}`);
  return fragment;
}

/** Reads a fragment (with or without its '#'). Never throws. */
export async function decodeLabState(fragment: string): Promise<DecodeResult> {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (text.length > maxFragmentChars) return { ok: false, error: `link: ${text.length} characters, more than the ${maxFragmentChars} a link may have` };
  const marker = /^v(\d{1,6})\./.exec(text);
  if (!marker) return { ok: false, error: 'link: not an AQM Lab link (it should start with "v1.")' };
  const version = Number(marker[1]);
  if (!versions.includes(version)) {
    return { ok: false, error: `link: version ${version} is not one this page reads (it reads versions ${versions.join(', ')})` };
  }
  const bytes = fromBase64Url(text.slice(marker[0].length));
  if (typeof bytes === 'string') return { ok: false, error: `link: ${bytes}` };
  let inflated: Uint8Array | string;
  try {
    inflated = await inflateRawLimited(bytes, maxStateBytes);
  } catch {
    inflated = 'the compressed data is damaged or cut short';
  }
  if (typeof inflated === 'string') return { ok: false, error: `link: ${inflated}` };
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    return { ok: false, error: 'link: the data is not UTF-8 text' };
  }
  const parsed = parseCheckedJson(json, 'link');
  if (!parsed.ok) return parsed;
  return checkLabState(parsed.value);
}

export type InitialState =
  | { kind: 'default' }
  | { kind: 'link'; state: LabState }
  /** `reason`: what is wrong with the link; `message`: the banner's text at page start. */
  | { kind: 'error'; reason: string; message: string };

/**
 * The banner's text for a link that was not used. At page start the default
 * lab runs instead; a link pasted into the open page leaves its lab as it was.
 * A scenario with several problems is said with their count (linkBanner lists them).
 */
export function linkBannerMessage(reason: string, instead: 'default' | 'unchanged'): string {
  const what = instead === 'default' ? 'Showing the default lab instead.' : 'The lab goes on as it was.';
  const problems = problemsOf(reason);
  const why = problems.length > 1 ? `its scenario has ${problems.length} problems` : reason;
  return `This link could not be opened (${why}). ${what}`;
}

/** The banner for a link that was not used: its sentence, and the problems to list under it (none for one). */
export interface LinkBanner {
  message: string;
  problems: string[];
}

export function linkBanner(reason: string, instead: 'default' | 'unchanged'): LinkBanner {
  return { message: linkBannerMessage(reason, instead), problems: problemDetails(reason) };
}

/**
 * What the page starts from, given `location.hash`: the default lab when
 * there is no fragment, the link's state, or a message for the page's banner
 * (the page then shows the default lab).
 */
export async function loadInitialState(hash: string): Promise<InitialState> {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (text === '') return { kind: 'default' };
  const decoded = await decodeLabState(text);
  if (decoded.ok) return { kind: 'link', state: decoded.state };
  return { kind: 'error', reason: decoded.error, message: linkBannerMessage(decoded.error, 'default') };
}

/**
 * Calls `onState` when the user pastes another lab link into this tab: only
 * the fragment changes then, so the page does not reload. (replaceFragment
 * fires no hashchange, so the page's own writes do not come back here.)
 */
export function watchLinks(onState: (state: InitialState) => void): () => void {
  const changed = () => void loadInitialState(window.location.hash).then(onState);
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
}

/** The page's URL with `fragment` as its hash, for sharing. */
export function urlWithFragment(href: string, fragment: string): string {
  const url = new URL(href);
  url.hash = fragment;
  return url.toString();
}

/**
 * Puts the state's fragment in the address bar without a history entry or a
 * hashchange event; an empty fragment removes it (after loading a preset or
 * a file, the old link no longer describes the page).
 */
export function replaceFragment(fragment: string): void {
  const url = new URL(window.location.href);
  url.hash = fragment;
  const next = fragment === '' ? url.toString().replace(/#$/, '') : url.toString();
  window.history.replaceState(window.history.state, '', next);
}
