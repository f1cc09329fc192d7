// The AutoRED paper's Table 2 (loss rate of RED, ARED and AutoRED over
// each, 60 s sudden-load run) as the lab gives it: runs the
// autored-sudden-load preset with `aqmlab run` over several seeds and prints,
// per side, the range over the seeds of
//   loss   = drops / packets offered to the bottleneck (the paper's
//            dropped / (sent + dropped): 4297 / (47740 + 4297) = 8.26% for RED)
//   signal = (drops + ECN marks) / packets offered
//   drops  = the count (the paper's RED 4297, ARED 4927, AutoRED 4069 / 4516)
//   below base = in how many seeds an AutoRED side lost less than its base
//            (the side running the discipline it switches from) in that seed
// for the preset as shipped and for three variants that show what each
// setting does: AutoRED from 0 s (no base period), RED's `wait` off, and
// every congestion verdict marking (no ecn_mark_p).
//
//   node scripts/autored-table2.mjs [seeds] [aqmlab binary]   (default 6 seeds)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const seeds = Number(process.argv[2] ?? 6);
const cli = process.argv[3] ?? fileURLToPath(new URL('../build/native/core-cpp/aqmlab', import.meta.url));
const preset = JSON.parse(readFileSync(new URL('../public/presets/autored-sudden-load.json', import.meta.url), 'utf8'));
const dir = mkdtempSync(path.join(tmpdir(), 'aqmlab-autored-'));

const variants = {
  'preset (wait on, ecn_mark_p 0.1, AutoRED from 11 s)': (s) => s,
  'AutoRED from 0 s': (s) => {
    for (const side of s.sides) {
      if (side.switch_to) Object.assign(side, { aqm: side.switch_to.aqm, params: side.switch_to.params, switch_to: undefined });
    }
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

console.log(`| variant | figure | ${preset.sides.map((s) => s.name).join(' | ')} |`);
console.log(`|---|---|${preset.sides.map(() => '---').join('|')}|`);
for (const [name, change] of Object.entries(variants)) {
  const per = preset.sides.map(() => ({ loss: [], signal: [], drops: [] }));
  for (let seed = 1; seed <= seeds; seed++) {
    const scenario = change({ ...structuredClone(preset), seed });
    const file = path.join(dir, 'scenario.json');
    writeFileSync(file, JSON.stringify(scenario));
    const out = JSON.parse(execFileSync(cli, ['run', file, '--quiet'], { encoding: 'utf8' }));
    out.sides.forEach((s, i) => {
      per[i].loss.push(100 * s.loss_ratio);
      per[i].signal.push(100 * s.signal_ratio);
      per[i].drops.push(s.drops_overflow + s.drops_forced + s.drops_early);
    });
  }
  console.log(`| ${name} | loss % | ${per.map((p) => range(p.loss, 2)).join(' | ')} |`);
  console.log(`| | signal % | ${per.map((p) => range(p.signal, 2)).join(' | ')} |`);
  console.log(`| | drops | ${per.map((p) => range(p.drops, 0)).join(' | ')} |`);
  const below = per.map((p, i) =>
    baseOf[i] < 0 ? '' : `${p.loss.filter((x, k) => x < per[baseOf[i]].loss[k]).length} of ${seeds}`,
  );
  console.log(`| | below base | ${below.join(' | ')} |`);
}
console.log(`\nseeds 1-${seeds}, ${cli}`);
