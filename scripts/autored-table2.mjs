// The AutoRED paper's Table 2 (loss rate of RED, ARED and AutoRED over
// each, 60 s sudden-load run) as the lab gives it: runs the
// autored-sudden-load preset with `aqmlab run` over several seeds and prints,
// per side, the range over the seeds of
//   loss   = drops / packets offered to the bottleneck (the paper's
//            dropped / (sent + dropped): 4297 / (47740 + 4297) = 8.26% for RED)
//   signal = (drops + ECN marks) / packets offered
//   drops  = the count (the paper's RED 4297, ARED 4927, AutoRED 4069 / 4516)
//   drops in S1, S2, S3 = the drops in the paper's three segments: 0-11 s
//            (the base alone), 11-20 s (AutoRED, 10 flows), 20-60 s (180 flows)
//   sent   = packets that left the bottleneck (the paper's "packets sent":
//            RED 47740, ARED 48025)
//   below base = in how many seeds an AutoRED side lost less than its base
//            (the side running the discipline it switches from) in that seed
// for the preset as shipped (the paper's text: sink links without delay) and
// for variants that show what each setting does: the sink links as delayed
// as the source links (the autored-sudden-load-fitted preset, the reading
// fitted to Table 2), AutoRED starting afresh at the switch
// (switch_to.keep_state false), AutoRED from 0 s (no base period), the lab's
// former link setting (100 Mb/s access links, 1500 B on the wire), RED's
// `wait` off, and every congestion verdict marking (no ecn_mark_p).
//
//   node scripts/autored-table2.mjs [seeds] [aqmlab binary]   (default 6 seeds)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const seeds = Number(process.argv[2] ?? 6);
const cli = process.argv[3] ?? fileURLToPath(new URL('../build/native/core-cpp/aqmlab', import.meta.url));
const presetFile = (id) => JSON.parse(readFileSync(new URL(`../public/presets/${id}.json`, import.meta.url), 'utf8'));
const preset = presetFile('autored-sudden-load');
const fitted = presetFile('autored-sudden-load-fitted');
const dir = mkdtempSync(path.join(tmpdir(), 'aqmlab-autored-'));
const segments = [
  { name: 'S1', from_s: 0, to_s: 11 },
  { name: 'S2', from_s: 11, to_s: 20 },
  { name: 'S3', from_s: 20, to_s: 60 },
];

const variants = {
  'preset (as shipped: sink links without delay, RTT 2 (20 + d), 40..580 ms)': (s) => s,
  'FITTED to Table 2: sink links as delayed as source links (RTT 2 (d + 20 + d), 40..1120 ms; the -fitted preset)': (s) => {
    s.groups = structuredClone(fitted.groups);
    return s;
  },
  'AutoRED starts afresh at 11 s (keep_state false)': (s) => {
    for (const side of s.sides) if (side.switch_to) side.switch_to.keep_state = false;
    return s;
  },
  'AutoRED from 0 s': (s) => {
    for (const side of s.sides) {
      if (side.switch_to) Object.assign(side, { aqm: side.switch_to.aqm, params: side.switch_to.params, switch_to: undefined });
    }
    return s;
  },
  'former links (100 Mb/s access, 1500 B on the wire)': (s) => {
    delete s.access_mbps;
    s.bottleneck.packet_bytes = 1500;
    return s;
  },
  'wait off': (s) => {
    for (const side of s.sides) {
      side.params.wait = 0;
      if (side.switch_to) side.switch_to.params.wait = 0;
    }
    return s;
  },
  'every verdict marks (no ecn_mark_p)': (s) => {
    delete s.bottleneck.ecn_mark_p;
    return s;
  },
};

// The side each AutoRED side is compared with: the one running its first discipline throughout.
const baseOf = preset.sides.map((side) =>
  side.switch_to ? preset.sides.findIndex((other) => !other.switch_to && other.aqm === side.aqm) : -1,
);

const range = (xs, digits) => {
  const lo = Math.min(...xs).toFixed(digits);
  const hi = Math.max(...xs).toFixed(digits);
  return lo === hi ? lo : `${lo}-${hi}`;
};
const drops = (s) => s.drops_overflow + s.drops_forced + s.drops_early;

console.log(`| variant | figure | ${preset.sides.map((s) => s.name).join(' | ')} |`);
console.log(`|---|---|${preset.sides.map(() => '---').join('|')}|`);
for (const [name, change] of Object.entries(variants)) {
  const per = preset.sides.map(() => ({ loss: [], signal: [], drops: [], sent: [], S1: [], S2: [], S3: [] }));
  for (let seed = 1; seed <= seeds; seed++) {
    const scenario = change({ ...structuredClone(preset), seed, windows: segments });
    const file = path.join(dir, 'scenario.json');
    writeFileSync(file, JSON.stringify(scenario));
    const out = JSON.parse(execFileSync(cli, ['run', file, '--quiet'], { encoding: 'utf8' }));
    out.sides.forEach((s, i) => {
      per[i].loss.push(100 * s.loss_ratio);
      per[i].signal.push(100 * s.signal_ratio);
      per[i].drops.push(drops(s));
      per[i].sent.push(s.departures);
      for (const { name: w } of segments) per[i][w].push(drops(s.windows[w]));
    });
  }
  const row = (label, cells) => console.log(`| ${label} | ${cells.join(' | ')} |`);
  row(name, ['loss %', ...per.map((p) => range(p.loss, 2))]);
  row('', ['mean loss %', ...per.map((p) => (p.loss.reduce((a, b) => a + b, 0) / seeds).toFixed(2))]);
  row('', ['signal %', ...per.map((p) => range(p.signal, 2))]);
  row('', ['drops', ...per.map((p) => range(p.drops, 0))]);
  for (const { name: w } of segments) row('', [`drops in ${w}`, ...per.map((p) => range(p[w], 0))]);
  row('', ['sent', ...per.map((p) => range(p.sent, 0))]);
  const below = per.map((p, i) =>
    baseOf[i] < 0 ? '' : `${p.loss.filter((x, k) => x < per[baseOf[i]].loss[k]).length} of ${seeds}`,
  );
  row('', ['below base', ...below]);
}
console.log(`\nseeds 1-${seeds}, ${cli}`);
