import type { SenderResponseLaw, SenderSpec } from '../aqm/sender-table';
import type { GroupFigures } from '../summary/run-summary';
import type { SenderResponseRequest, Timed } from './theory-client';
import type { SenderResponse } from './theory-json';
import type { GroupSetup } from './group-setup';

// Each long-lived TCP group's response function evaluated at the signal
// ratio and round trip the run measured for it, beside the rate it got. The
// numbers are the core's (senderResponse, asked through the theory worker);
// this module only chooses what to ask, and says plainly when the law has
// nothing to say: a sender without one (BBR), no signal yet (p = 0), no
// round-trip sample, or a flow held below the law by something else (the
// receiver's window, its access link).

/** How the core's senderResponse is asked (TheoryState.senderResponse, or the Node core in tests). */
export type AskResponse = (request: SenderResponseRequest) => Promise<Timed<SenderResponse>>;

/** The words the page shows for each piece of a law (traffic/cc/README.md's region names). */
export const regionLabels: Readonly<Record<string, string>> = {
  'square-root': 'square-root law',
  cubic: 'cubic region',
  'reno-friendly': 'Reno-friendly region',
  scalable: 'scalable (1/p) law',
  'rtt-independent': 'RTT-independent region (growth scaled to the reference RTT)',
};

export function regionLabel(region: string): string {
  return regionLabels[region] ?? region;
}

/** What p counts, in the page's words. */
export const signalWords: Readonly<Record<SenderResponseLaw['signal'], string>> = {
  loss_or_mark: 'losses and CE marks over packets sent',
  mark: 'CE marks over packets sent',
};

/** The measured p a law counts (traffic/cc/README.md, "p counts"): loss plus mark ratio, or the mark ratio alone. */
export function measuredSignal(law: SenderResponseLaw, g: Pick<GroupFigures, 'lossRatio' | 'markRatio'>): number | null {
  if (law.signal === 'mark') return g.markRatio;
  return g.lossRatio === null || g.markRatio === null ? null : g.lossRatio + g.markRatio;
}

/** The law's request for one group at p and a round trip in ms (with the group's setup it was made from), or why it has none. */
export function lawRequest(
  spec: SenderSpec | undefined,
  sender: string,
  setup: GroupSetup | null | undefined,
  p: number | null,
  rttMs: number | null,
): { request: SenderResponseRequest; setup: GroupSetup } | string {
  if (!spec) return `the core's catalogue has no sender “${sender}”`;
  if (!spec.response) return `${spec.label} has no response function: it sets its rate from its bandwidth and round-trip estimates, not from a loss or mark rate`;
  if (!setup) return 'not a long-lived TCP group of the scenario';
  if (p === null) return 'it has sent nothing yet';
  if (!(p > 0)) return `no congestion signal yet (p = 0, ${signalWords[spec.response.signal]}): the law bounds nothing`;
  if (rttMs === null || !(rttMs > 0)) return 'no round-trip sample yet';
  return { request: { sender: spec.name, params: setup.params, rtt_s: rttMs / 1000, segment_bytes: setup.segmentBytes, p: [Math.min(1, p)] }, setup };
}

/** The law at one group's p and round trip. */
export interface LawPoint {
  p: number;
  rttS: number;
  region: string;
  regionLabel: string;
  windowSegments: number;
  perFlowMbps: number;
  /** The group's: flows x the per-flow rate. */
  predictedMbps: number;
  /** Why the law does not hold for this group though it has a value (the receiver's window or the access link caps it), or null. */
  limit: string | null;
}

/** Asks the core for the law at a request; a refusal or a missing point comes back as why. */
export async function lawPoint(ask: AskResponse, request: SenderResponseRequest, flows: number, setup: GroupSetup): Promise<LawPoint | string> {
  const answer = await ask(request);
  if (!answer.ok) return `the core could not evaluate it: ${answer.error}`;
  const point = answer.value.points[0];
  if (!point) return 'the core gave no point';
  const w = point.windowSegments;
  const limit =
    w > setup.advertisedWindow
      ? `its law's window of ${w.toFixed(0)} segments is above the receiver's advertised window of ${setup.advertisedWindow}: that window holds the group back, not its congestion signals`
      : point.rateMbps > setup.accessMbps
        ? `its law's ${point.rateMbps.toPrecision(3)} Mb/s a flow is above each flow's access link of ${setup.accessMbps} Mb/s: that link holds the group back, not its congestion signals`
        : null;
  return {
    p: point.p,
    rttS: request.rtt_s,
    region: point.region,
    regionLabel: regionLabel(point.region),
    windowSegments: w,
    perFlowMbps: point.rateMbps,
    predictedMbps: flows * point.rateMbps,
    limit,
  };
}

export interface GroupPrediction {
  group: number;
  sender: string;
  /** The sender's label (the catalogue's), or its variant name. */
  label: string;
  flows: number;
  law: SenderResponseLaw | null;
  /** The group's goodput over the summary's span (its receivers' in-order delivery). */
  measuredMbps: number | null;
  point: LawPoint | null;
  /** Why there is no prediction to compare with (null: there is one). */
  why: string | null;
  /** Measured over predicted, when the law applies. */
  ratio: number | null;
}

/** One group's law at its measured p and round trip, beside its measured goodput. */
export async function predictGroup(ask: AskResponse, g: GroupFigures, senders: readonly SenderSpec[], setup: GroupSetup | null | undefined): Promise<GroupPrediction> {
  const spec = senders.find((s) => s.name === g.sender);
  const law = spec?.response ?? null;
  const base = { group: g.group, sender: g.sender, label: spec?.label ?? g.sender, flows: g.flows, law, measuredMbps: g.goodputMbps };
  const p = law ? measuredSignal(law, g) : null;
  const asked = g.flows > 0 ? lawRequest(spec, g.sender, setup, p, g.rttMs) : 'no flow of it runs';
  if (typeof asked === 'string') return { ...base, point: null, why: asked, ratio: null };
  const point = await lawPoint(ask, asked.request, g.flows, asked.setup);
  if (typeof point === 'string') return { ...base, point: null, why: point, ratio: null };
  const ratio = point.limit === null && g.goodputMbps !== null && point.predictedMbps > 0 ? g.goodputMbps / point.predictedMbps : null;
  return { ...base, point, why: point.limit, ratio };
}

/** Every group of a side's summary, in its order. */
export function predictGroups(ask: AskResponse, groups: readonly GroupFigures[], senders: readonly SenderSpec[], setups: readonly (GroupSetup | null)[]): Promise<GroupPrediction[]> {
  return Promise.all(groups.map((g) => predictGroup(ask, g, senders, setups[g.group])));
}
