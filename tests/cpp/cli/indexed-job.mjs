// Reads docs/cluster/sweep-indexed-job.yaml as YAML (the `yaml` package, as
// kubectl would read it) and checks what makes it an indexed sweep: a batch/v1
// Job with completionMode Indexed, one container whose command is `sh -c
// "aqmlab sweep ... --shard $JOB_COMPLETION_INDEX/$SHARDS ..."`, and SHARDS
// equal to completions (else some blocks of runs would never run, or run
// twice). Prints `<completions>\t<SHARDS>\t<the shell command>` for
// sweep_checks.sh, which runs the command once per completion index.
// Usage: node indexed-job.mjs <job.yaml>; exits 1 with the reason otherwise.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

function fail(message) {
  console.error(`FAIL: ${process.argv[2]}: ${message}`);
  process.exit(1);
}

const job = parse(readFileSync(process.argv[2], 'utf8'));
if (job?.apiVersion !== 'batch/v1' || job?.kind !== 'Job') fail(`not a batch/v1 Job (apiVersion ${job?.apiVersion}, kind ${job?.kind})`);
const spec = job.spec ?? {};
if (spec.completionMode !== 'Indexed') fail(`spec.completionMode: expected Indexed, got ${JSON.stringify(spec.completionMode)}`);
const completions = spec.completions;
if (!Number.isInteger(completions) || completions < 1) fail(`spec.completions: expected a positive integer, got ${JSON.stringify(completions)}`);
const containers = spec.template?.spec?.containers;
if (!Array.isArray(containers) || containers.length !== 1) fail('spec.template.spec.containers: expected one container');
const [container] = containers;
const shards = (container.env ?? []).find((e) => e.name === 'SHARDS')?.value;
if (typeof shards !== 'string' || Number(shards) !== completions) fail(`env SHARDS (${JSON.stringify(shards)}) must be spec.completions (${completions})`);
const command = container.command;
if (!Array.isArray(command) || command.length !== 3 || command[0] !== 'sh' || command[1] !== '-c') fail(`command: expected [sh, -c, "<aqmlab sweep ...>"], got ${JSON.stringify(command)}`);
const shell = command[2];
if (!/^aqmlab sweep \S+ /.test(shell)) fail(`command: expected "aqmlab sweep <sweep.json> ...", got ${JSON.stringify(shell)}`);
if (!shell.includes('--shard "$JOB_COMPLETION_INDEX/$SHARDS"')) fail(`command: does not run block $JOB_COMPLETION_INDEX of $SHARDS: ${shell}`);
// The files it reads and writes are on the pod's volumes.
const mounts = new Set((container.volumeMounts ?? []).map((m) => m.mountPath));
for (const [, dir] of shell.matchAll(/"?(\/[\w-]+)\/[^\s"]+/g)) if (!mounts.has(dir)) fail(`command: ${dir} is not a volumeMount (${[...mounts].join(', ')})`);
console.log(`${completions}\t${shards}\t${shell}`);
