import { isDescribed, readCatalogueTable, type AqmParamSpec } from './aqm-table';
import { isRecord } from '../lib/json';
// The core's catalogue of congestion controllers (describeSenders,
// wasm/API.md): a TCP group's `variant` is one of their names. It is the only
// list of senders the page has; the sender menus are built from it.

export interface SenderSpec {
  name: string;
  label: string;
  source: string;
  summary: string;
  params: AqmParamSpec[];
  ecn: 'classic' | 'scalable';
  codepoint: 'ect0' | 'ect1';
  /** The core refuses a group naming this sender without ECN. */
  needs_ecn: boolean;
  /** Whether its groups use SACK when they do not say (a group's `sack`); false from an older core. */
  sack: boolean;
  /** Its response function (the numbers come from the core's senderResponse); null: none (BBR) or an older core. */
  response: SenderResponseLaw | null;
}

/** A sender's response function as the catalogue states it (wasm/API.md, describeSenders). */
export interface SenderResponseLaw {
  /** What p counts: lost and (classic ECN) marked segments, or CE marks one by one (a scalable sender). */
  signal: 'loss_or_mark' | 'mark';
  tex: string;
  /** The constant the law uses, its value and why. */
  constant: string;
  source: string;
}

function readResponseLaw(value: unknown): SenderResponseLaw | null | undefined {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) return undefined;
  const { signal, tex, constant, source } = value;
  if ((signal !== 'loss_or_mark' && signal !== 'mark') || typeof tex !== 'string' || typeof constant !== 'string' || typeof source !== 'string') {
    return undefined;
  }
  return { signal, tex, constant, source };
}

type SenderFields = Omit<SenderSpec, 'response' | 'sack'>;

function hasSenderFields(value: unknown): value is SenderFields {
  return (
    isDescribed(value) &&
    (value.ecn === 'classic' || value.ecn === 'scalable') &&
    (value.codepoint === 'ect0' || value.codepoint === 'ect1') &&
    typeof value.needs_ecn === 'boolean'
  );
}

/** One catalogue entry; a core without response functions gives `response: null`. */
function readSender(value: unknown): SenderSpec | undefined {
  if (!isRecord(value)) return undefined;
  const response = readResponseLaw(value.response);
  if (value.sack !== undefined && typeof value.sack !== 'boolean') return undefined;
  const sack = value.sack === true;
  return hasSenderFields(value) && response !== undefined ? { ...value, response, sack } : undefined;
}

/** Reads describeSenders() output; a malformed entry is named rather than skipped. */
export function readSenderTable(value: unknown): SenderSpec[] | string {
  return readCatalogueTable(value, 'describeSenders', 'sender', readSender);
}
