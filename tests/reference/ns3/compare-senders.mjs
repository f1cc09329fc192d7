// Runs the sender dumbbells in ns-3 (tcp_dumbbell, built as README.md says)
// and in the lab (the *_dumbbell.json scenarios beside this file) over a few
// seeds, and prints one Markdown row per case: mean over the seeds, the
// range in brackets. The queue is the packets waiting (not the one on the
// wire), sampled every 10 ms after the 20 s warm-up, in both.
//
//   node tests/reference/ns3/compare-senders.mjs --ns3 /tmp/tcp_dumbbell \
//     --aqmlab build/native/core-cpp/aqmlab [--seeds 1,2,3] [--sack] [--only cubic]
//     [--ns3-extra=--prr=1]   (more flags for every ns-3 run, comma-separated)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

// Each case: the lab scenario, its side, and the same dumbbell's ns-3 flags.
const CASES = [
  { cc: 'cubic', file: 'cubic_dumbbell.json', side: 'FIFO 50', ns3: ['--cc=cubic', '--buffer=50'] },
  { cc: 'cubic', file: 'cubic_dumbbell.json', side: 'FIFO 10', ns3: ['--cc=cubic', '--buffer=10'] },
  { cc: 'bbr', file: 'bbr_dumbbell.json', side: 'FIFO 200', ns3: ['--cc=bbr', '--buffer=200'] },
  { cc: 'bbr', file: 'bbr_dumbbell.json', side: 'FIFO 50', ns3: ['--cc=bbr', '--buffer=50'] },
  { cc: 'bbr', file: 'bbr_dumbbell.json', side: 'FIFO 10', ns3: ['--cc=bbr', '--buffer=10'] },
  { cc: 'dctcp', file: 'dctcp_dumbbell.json', side: 'Step K 10', ns3: ['--cc=dctcp', '--k=10', '--buffer=100'] },
];

function args() {
  const a = process.argv.slice(2);
  const get = (name, fallback) => {
    const i = a.indexOf(name);
    return i >= 0 ? a[i + 1] : fallback;
  };
  const o = {
    ns3: get('--ns3'),
    aqmlab: get('--aqmlab'),
    seeds: get('--seeds', '1,2,3').split(',').map(Number),
    sack: a.includes('--sack'),
    only: get('--only'),
    extra: (a.find((x) => x.startsWith('--ns3-extra=')) ?? '--ns3-extra=').slice(12).split(',').filter(Boolean),
  };
  const problems = [];
  if (!o.ns3) problems.push('--ns3: the path of the built tcp_dumbbell is required');
  if (!o.aqmlab) problems.push('--aqmlab: the path of the built aqmlab is required');
  if (o.seeds.some((s) => !Number.isInteger(s) || s < 1)) problems.push('--seeds: whole numbers from 1, comma-separated');
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(2);
  }
  return o;
}

function jain(xs) {
  const s = xs.reduce((a, b) => a + b, 0);
  return (s * s) / (xs.length * xs.reduce((a, b) => a + b * b, 0));
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(0.5 * s.length))];
}

// The lab's figures for one side, the median queue read from its series.
function runLab(o, c, seed, work) {
  const scenario = JSON.parse(readFileSync(join(here, c.file), 'utf8'));
  scenario.seed = seed;
  scenario.sides = scenario.sides.filter((s) => s.name === c.side);
  if (o.sack) for (const g of scenario.groups) g.sack = true;
  const file = join(work, `${c.cc}-${seed}.json`);
  const csv = join(work, `${c.cc}-${seed}.csv`);
  writeFileSync(file, JSON.stringify(scenario));
  const s = JSON.parse(execFileSync(o.aqmlab, ['run', file, '--csv', csv, '--quiet'], { encoding: 'utf8' })).sides[0];
  const lines = readFileSync(csv, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  const column = lines[0].split(',').indexOf(`"${c.side}.queue_pkts"`);
  const queue = lines.slice(1).map((l) => l.split(',')).filter((r) => Number(r[0]) > scenario.warmup_s)
    .map((r) => Number(r[column]));
  return {
    queue: s.mean_queue_pkts, p50: median(queue), p95: s.p95_queue_pkts, util: s.utilisation,
    goodput: s.goodput_mbps, loss: s.loss_ratio, mark: s.mark_ratio, jain: s.fairness,
  };
}

function runNs3(o, c, seed) {
  const flags = [...c.ns3, `--seed=${seed}`, `--sack=${o.sack ? 1 : 0}`, ...o.extra];
  const r = JSON.parse(execFileSync(o.ns3, flags, { encoding: 'utf8' }));
  return {
    queue: r.mean_queue_pkts, p50: r.p50_queue_pkts, p95: r.p95_queue_pkts, util: r.utilisation,
    goodput: r.goodput_mbps, loss: r.loss_ratio, mark: r.mark_ratio, jain: jain(r.flow_goodput_mbps),
  };
}

const FIELDS = [['queue', 1], ['p50', 0], ['p95', 0], ['util', 3], ['goodput', 2], ['loss', 4], ['mark', 3], ['jain', 2]];

function cell(runs, key, digits) {
  const xs = runs.map((r) => r[key]);
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const lo = Math.min(...xs).toFixed(digits);
  const hi = Math.max(...xs).toFixed(digits);
  return lo === hi ? mean.toFixed(digits) : `${mean.toFixed(digits)} [${lo}, ${hi}]`;
}

const o = args();
const work = mkdtempSync(join(tmpdir(), 'senders-'));
console.log(`| case | model | mean queue | p50 | p95 | utilisation | goodput Mb/s | loss | marks | Jain |`);
console.log(`|---|---|---|---|---|---|---|---|---|---|`);
for (const c of CASES.filter((x) => !o.only || x.cc === o.only)) {
  const name = `${c.cc}, ${c.side}${o.sack ? ', SACK' : ''}`;
  const ns3 = `ns-3${o.extra.length ? ` ${o.extra.join(' ')}` : ''}`;
  for (const [model, run] of [['lab', (s) => runLab(o, c, s, work)], [ns3, (s) => runNs3(o, c, s)]]) {
    const runs = o.seeds.map(run);
    console.log(`| ${name} | ${model} | ${FIELDS.map(([k, d]) => cell(runs, k, d)).join(' | ')} |`);
  }
}
