import { withRestartSettings, type OnOffLaw, type RestartSettings } from '../scenario/scenario-settings';

// The restart form's values as the person typed them, and its check: every
// field the person changed is checked on its own against the core, so every
// refused field is marked at once with the core's reason in the person's
// words (under the label they see, without the core's path), before anything
// restarts. Values each fine alone but refused together (RTT min above max)
// get one message for the form.

export type Drafts = Record<keyof RestartSettings, string>;

export function draftsOf(s: RestartSettings): Drafts {
  const text = (v: number | null) => (v === null ? '' : String(v));
  return {
    builtCapacityMbps: text(s.builtCapacityMbps),
    bufferPkts: text(s.bufferPkts),
    packetBytes: text(s.packetBytes),
    rttMinMs: text(s.rttMinMs),
    rttMaxMs: text(s.rttMaxMs),
    onoffMeanOnS: text(s.onoffMeanOnS),
    onoffMeanOffS: text(s.onoffMeanOffS),
    onoffLaw: s.onoffLaw ?? '',
    onoffShape: text(s.onoffShape),
    ecn: s.ecn ? 'on' : '',
    durationS: text(s.durationS),
    seed: text(s.seed),
  };
}

/** Empty: leave the value as the file has it. Not a number: NaN, which the core refuses by name. */
function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

export function settingsOf(d: Drafts): RestartSettings {
  const law: OnOffLaw | null = d.onoffLaw === 'pareto' || d.onoffLaw === 'exponential' ? d.onoffLaw : null;
  return {
    builtCapacityMbps: numberOrNull(d.builtCapacityMbps),
    bufferPkts: numberOrNull(d.bufferPkts),
    packetBytes: numberOrNull(d.packetBytes),
    rttMinMs: numberOrNull(d.rttMinMs),
    rttMaxMs: numberOrNull(d.rttMaxMs),
    onoffMeanOnS: numberOrNull(d.onoffMeanOnS),
    onoffMeanOffS: numberOrNull(d.onoffMeanOffS),
    onoffLaw: law,
    onoffShape: numberOrNull(d.onoffShape),
    ecn: d.ecn === 'on',
    durationS: numberOrNull(d.durationS),
    seed: numberOrNull(d.seed),
  };
}

export const restartFields: { key: keyof RestartSettings; label: string; unit: string; onoff?: boolean }[] = [
  { key: 'builtCapacityMbps', label: 'Capacity at start', unit: 'Mb/s' },
  { key: 'bufferPkts', label: 'Buffer', unit: 'packets' },
  { key: 'packetBytes', label: 'Packet size', unit: 'bytes' },
  { key: 'rttMinMs', label: 'RTT min', unit: 'ms' },
  { key: 'rttMaxMs', label: 'RTT max', unit: 'ms' },
  { key: 'onoffMeanOnS', label: 'On/off mean on', unit: 's', onoff: true },
  { key: 'onoffMeanOffS', label: 'On/off mean off', unit: 's', onoff: true },
  { key: 'onoffShape', label: 'Pareto shape (burstiness)', unit: '', onoff: true },
  { key: 'durationS', label: 'Duration', unit: 's' },
  { key: 'seed', label: 'Seed', unit: '' },
];

export type FieldErrors = Partial<Record<keyof RestartSettings, string>>;

/** The core's check of a scenario: its message, or null (Lab.check). */
export type CheckScenario = (scenarioJson: string) => Promise<string | null>;

/**
 * What is wrong with each changed field, checked on its own (the others as
 * the run has them): a field that is not a number without asking the core.
 */
export async function restartFieldErrors(scenario: string, current: Drafts, drafts: Drafts, check: CheckScenario): Promise<FieldErrors> {
  const keys: (keyof Drafts)[] = [...restartFields.map((f) => f.key), 'onoffLaw', 'ecn'];
  const changed = keys.filter((k) => drafts[k] !== current[k]);
  const errors: FieldErrors = {};
  await Promise.all(
    changed.map(async (key) => {
      const text = drafts[key];
      if (restartFields.some((f) => f.key === key) && text.trim() !== '' && !Number.isFinite(Number(text))) {
        errors[key] = 'enter a number';
        return;
      }
      const alone = withRestartSettings(scenario, settingsOf({ ...current, [key]: text }));
      const problem = typeof alone === 'string' ? await check(alone) : alone.error;
      if (problem !== null) errors[key] = withoutPath(problem);
    }),
  );
  return errors;
}

/** The labels of the fields with a problem, in the form's order, for the form's summary. */
export function labelsOf(errors: FieldErrors): string[] {
  return restartFields.filter((f) => errors[f.key] !== undefined).map((f) => f.label);
}

/** The core's message without the field path it starts with ("bottleneck.buffer_pkts: must be ..." -> "must be ..."). */
export function withoutPath(message: string): string {
  return message.replace(/^[A-Za-z_][\w]*(\[\d+\])?(\.[A-Za-z_]\w*(\[\d+\])?)*: /, '');
}
