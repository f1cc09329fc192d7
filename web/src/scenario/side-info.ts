import { effectiveParams, findAqm, type AqmSpec } from '../aqm/aqm-table';
import type { SideInfo } from '../protocol/protocol';
import { isRecord, parseJson, type Fields } from '../lib/json';

// Reads what the page shows about one side from the scenario the core accepted
// and from the core's parameter table (describeAqms), so slider start values
// follow the core rather than numbers repeated here.


function numericEntries(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!isRecord(value)) return out;
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'number') out[key] = v;
  }
  return out;
}

/** The scenario's buffer in packets, or null when it does not say. */
export function bufferPackets(scenario: unknown): number | null {
  if (!isRecord(scenario) || !isRecord(scenario.bottleneck)) return null;
  const buffer = scenario.bottleneck.buffer_pkts;
  return typeof buffer === 'number' ? buffer : null;
}

/**
 * `fallbackBufferPkts` is the buffer the core fills in when the scenario
 * leaves it out (its default scenario's), so buffer-relative defaults match the run.
 */
export function readSideInfo(
  scenarioJson: string,
  side: number,
  aqms: readonly AqmSpec[],
  fallbackBufferPkts: number | null = null,
): SideInfo | string {
  const scenario = parseJson(scenarioJson);
  if (!isRecord(scenario)) return 'scenario: not a JSON object';
  const sides = scenario.sides;
  const entry: unknown = Array.isArray(sides) ? sides[side] : undefined;
  if (!isRecord(entry) || typeof entry.aqm !== 'string') return `sides[${side}]: missing or has no aqm`;
  const groups = scenario.groups;
  const first: unknown = Array.isArray(groups) ? groups[0] : undefined;
  const flows = isRecord(first) && typeof first.count === 'number' ? first.count : null;
  const spec = findAqm(aqms, entry.aqm);
  const overrides = numericEntries(entry.params);
  // Buffer-relative defaults (RED's thresholds) follow the side's own buffer, as in the core.
  const ownBuffer = typeof entry.buffer_pkts === 'number' ? entry.buffer_pkts : null;
  const buffer = ownBuffer ?? bufferPackets(scenario) ?? fallbackBufferPkts;
  const info: SideInfo = {
    side,
    sideName: typeof entry.name === 'string' ? entry.name : entry.aqm,
    aqm: entry.aqm,
    flows,
    params: spec ? effectiveParams(spec, buffer, overrides) : overrides,
  };
  if (ownBuffer !== null) info.bufferPkts = ownBuffer;
  const to = entry.switch_to;
  if (isRecord(to) && typeof to.at_s === 'number' && typeof to.aqm === 'string') {
    info.switchTo = { atS: to.at_s, aqm: to.aqm, keepState: to.keep_state !== false };
  }
  return info;
}
