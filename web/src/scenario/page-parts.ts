// The page's registry of parts a lesson or a teacher link may name: the
// controls it can hide or lock and the charts it can hide. The page mounts
// each under its id (<Part id=...>), the lesson checker refuses any other
// name, and docs/lessons.md lists them. A discipline's single parameter is
// `param:<name>` (the catalogue's name, e.g. param:max_th), every side's.

export const controlParts = {
  'play-pause': 'the Play/Pause button',
  step: 'the Step button',
  reset: 'the Reset button',
  speed: 'the speed menu',
  'run-to': 'the "Run to" time box',
  capacity: 'the live capacity control',
  delay: 'the live bottleneck delay control',
  flows: 'the live number of long-lived TCP flows',
  'short-flows': 'the short TCP flows controls',
  onoff: 'the UDP on/off sources controls',
  params: "every side's discipline parameters (one at a time: param:<name>)",
  sides: 'adding, removing and renaming sides, and their discipline menus',
  scenario: 'the scenario panel (buffer, RTTs, duration, seed; restarts the run)',
  presets: 'the preset menu',
  share: 'the share and export menu',
  view: "the charts' layout and time window",
  lessons: 'the lesson menu',
} as const;

export const chartParts = {
  queue: 'the queue length chart (with its theory toggle)',
  delay: 'the queueing delay chart',
  jitter: 'the jitter chart',
  throughput: 'the throughput chart',
  utilisation: 'the utilisation chart',
  windows: "the traced flows' window and pacing charts",
  signals: "the disciplines' inner signals (p, averages, ...)",
  summary: 'the summary table',
  scatter: 'the delay against throughput scatter',
  theory: 'the theory panel',
} as const;

export type ControlPart = keyof typeof controlParts;
export type ChartPart = keyof typeof chartParts;

export const paramPrefix = 'param:';

const paramName = /^[a-z][a-z0-9_]*$/;

export function isChartPart(id: string): id is ChartPart {
  return Object.hasOwn(chartParts, id);
}

/** A control the registry lists, or `param:<name>` with a well-formed name (whether a side has it is the checker's to say). */
export function isControlPart(id: string): boolean {
  if (id.startsWith(paramPrefix)) return paramName.test(id.slice(paramPrefix.length));
  return Object.hasOwn(controlParts, id);
}
