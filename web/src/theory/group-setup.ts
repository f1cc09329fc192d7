import { isRecord } from '../lib/json';
import { arrayField, groupKind, readScenario } from '../scenario/scenario-json';

// What the scenario says of each long-lived TCP group that its response
// function needs beside the run's figures: the controller's own parameters,
// the segment size its rate is counted in, whether its packets are
// ECN-capable, and what caps a flow whatever the congestion signals say:
// the receiver's advertised window and the flow's own access link
// (core-cpp/SCENARIO.md, `tcp` and `access_mbps`).

export interface GroupSetup {
  /** `variant_params`, toggles as 1 / 0 (senderResponse takes numbers); absent ones take the controller's defaults. */
  params: Record<string, number>;
  segmentBytes: number;
  ecn: boolean;
  advertisedWindow: number;
  /** Each flow's access link. */
  accessMbps: number;
}

/** The core's defaults for fields a scenario leaves out. */
const defaultPacketBytes = 500;
const defaultAdvertisedWindow = 10000;
const defaultAccessMbps = 100;

function numbersOf(value: unknown): Record<string, number> {
  if (!isRecord(value)) return {};
  const out: Record<string, number> = {};
  for (const [name, v] of Object.entries(value)) {
    if (typeof v === 'number') out[name] = v;
    else if (typeof v === 'boolean') out[name] = v ? 1 : 0;
  }
  return out;
}

/** Each scenario group by its index (the summary's `group`); null for a group that is not a long-lived TCP one. */
export function groupSetups(scenario: string | null): (GroupSetup | null)[] {
  const fields = scenario === null ? null : readScenario(scenario);
  if (!fields) return [];
  const bottleneck = isRecord(fields.bottleneck) ? fields.bottleneck : {};
  const sharedBytes = typeof bottleneck.packet_bytes === 'number' ? bottleneck.packet_bytes : defaultPacketBytes;
  const accessMbps = typeof fields.access_mbps === 'number' ? fields.access_mbps : defaultAccessMbps;
  return arrayField(fields, 'groups').map((g) => {
    if (!isRecord(g) || groupKind(g) !== 'tcp') return null;
    return {
      params: numbersOf(g.variant_params),
      segmentBytes: typeof g.packet_bytes === 'number' ? g.packet_bytes : sharedBytes,
      ecn: g.ecn === true,
      advertisedWindow: typeof g.advertised_window_pkts === 'number' ? g.advertised_window_pkts : defaultAdvertisedWindow,
      accessMbps,
    };
  });
}
