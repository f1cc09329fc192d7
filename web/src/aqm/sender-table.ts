import { isDescribed, readCatalogueTable, type AqmParamSpec } from './aqm-table';
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
}

export function isSenderSpec(value: unknown): value is SenderSpec {
  return (
    isDescribed(value) &&
    (value.ecn === 'classic' || value.ecn === 'scalable') &&
    (value.codepoint === 'ect0' || value.codepoint === 'ect1') &&
    typeof value.needs_ecn === 'boolean'
  );
}

/** Reads describeSenders() output; a malformed entry is named rather than skipped. */
export function readSenderTable(value: unknown): SenderSpec[] | string {
  return readCatalogueTable(value, 'describeSenders', 'sender', (v) => (isSenderSpec(v) ? v : undefined));
}
