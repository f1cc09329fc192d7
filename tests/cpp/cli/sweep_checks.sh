#!/usr/bin/env bash
# `aqmlab sweep`, `merge` and `report`, one per ctest test:
# sweep_checks.sh <aqmlab> <check>. The reference is one process running the
# whole of sweep_small.json (12 runs x 2 sides); shards, cluster tasks and a
# resumed sweep must give the same merged lines and the same report, byte
# for byte.
set -u
aqmlab=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")   # absolute: the checks change PATH
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
sweep=$here/sweep_small.json
. "$here/common.sh"
# The single-process results, merged (sorted), and their report.
reference() {
  "$aqmlab" sweep "$sweep" --out "$tmp/single.jsonl" --quiet || fail "single-process sweep"
  [ "$(wc -l < "$tmp/single.jsonl")" -eq 24 ] || fail "single: $(wc -l < "$tmp/single.jsonl") lines, expected 24"
  "$aqmlab" merge "$tmp/single.jsonl" --out "$tmp/single.sorted" || fail "merge single"
  "$aqmlab" report "$tmp/single.jsonl" > "$tmp/single.report" || fail "report single"
  [ "$(wc -l < "$tmp/single.report")" -eq 8 ] || fail "report: expected 4 points x 2 sides"
}
# Merges the given files and compares with the reference, lines and report.
same_as_reference() {  # what, files...
  local what=$1; shift
  "$aqmlab" merge "$@" --sweep "$sweep" --out "$tmp/merged.jsonl" || fail "$what: merge (--sweep: no run missing)"
  cmp -s "$tmp/merged.jsonl" "$tmp/single.sorted" || fail "$what: merged lines differ from the single process"
  "$aqmlab" report "$tmp/merged.jsonl" > "$tmp/merged.report" || fail "$what: report"
  cmp -s "$tmp/merged.report" "$tmp/single.report" || fail "$what: report differs from the single process"
  "$aqmlab" report "$tmp/merged.jsonl" --csv > "$tmp/merged.csv" || fail "$what: report --csv"
  "$aqmlab" report "$tmp/single.jsonl" --csv > "$tmp/single.csv" || fail "$what: report --csv of the single process"
  [ "$(wc -l < "$tmp/single.csv")" -gt 8 ] || fail "$what: the CSV report has no rows"
  cmp -s "$tmp/merged.csv" "$tmp/single.csv" || fail "$what: CSV report differs"
}

case $2 in
shards)
  # Four separate processes, one shard each, one thread each.
  reference
  for i in 0 1 2 3; do
    "$aqmlab" sweep "$sweep" --shard "$i/4" --jobs 1 --out "$tmp/part-$i.jsonl" --quiet || fail "shard $i"
    [ "$(wc -l < "$tmp/part-$i.jsonl")" -eq 6 ] || fail "shard $i: expected 3 runs x 2 sides"
  done
  same_as_reference "4 shards" "$tmp"/part-*.jsonl
  # Overlapping files (a re-run shard) merge to the same; --index K is run K.
  "$aqmlab" sweep "$sweep" --index 4 --out "$tmp/one.jsonl" --quiet || fail "--index 4"
  expect_match "$(head -1 "$tmp/one.jsonl")" '^\{"run":4,"seed":2,"point":\{"groups\[0\]\.count":5,"bottleneck\.buffer_pkts":200\},"side_index":0,' "--index 4"
  same_as_reference "shards + a duplicate run" "$tmp"/part-*.jsonl "$tmp/one.jsonl"
  ;;
slurm)
  # The Slurm script, once per array task, with the variables Slurm sets.
  reference
  for i in 0 1 2; do
    SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=3 SLURM_CPUS_PER_TASK=1 AQMLAB=$aqmlab AQMLAB_OUT=$tmp/slurm \
      bash "$repo/docs/cluster/sweep.sbatch" "$sweep" || fail "slurm task $i"
  done
  same_as_reference "slurm array" "$tmp"/slurm/part-*.jsonl
  ;;
kubernetes)
  # The YAML read as YAML (indexed-job.mjs checks completionMode: Indexed and
  # SHARDS = completions), then the container's command run once per
  # completion index with SHARDS as the YAML sets it and the sweep, results
  # and binary paths pointed here.
  yaml=$repo/docs/cluster/sweep-indexed-job.yaml
  job=$(node "$here/indexed-job.mjs" "$yaml") || fail "the Indexed Job"
  IFS=$'\t' read -r shards shards_env cmd <<<"$job"
  [ "$shards" -ge 2 ] && [ "$shards_env" = "$shards" ] || fail "completions $shards, SHARDS $shards_env"
  mkdir -p "$tmp/sweep" "$tmp/results" "$tmp/bin"
  cp "$sweep" "$tmp/sweep/sweep.json"
  ln -s "$aqmlab" "$tmp/bin/aqmlab"
  cmd=${cmd//\/sweep\//$tmp/sweep/}
  cmd=${cmd//\/results\//$tmp/results/}
  reference
  for ((i = 0; i < shards; i++)); do
    PATH=$tmp/bin:$PATH JOB_COMPLETION_INDEX=$i SHARDS=$shards_env sh -c "$cmd" || fail "pod $i: $cmd"
  done
  [ "$(ls "$tmp"/results/part-*.jsonl | wc -l)" -eq "$shards" ] || fail "expected $shards part files"
  same_as_reference "indexed job" "$tmp"/results/part-*.jsonl
  ;;
resume_after_kill)
  # Killed (SIGKILL) after its first runs, its file then cut inside a line
  # as a crash mid-write would; --resume drops the partial line, runs only
  # what is missing, and the result equals the uninterrupted sweep.
  reference
  "$aqmlab" sweep "$sweep" --jobs 1 --out "$tmp/r.jsonl" --quiet &
  pid=$!
  for _ in $(seq 1 400); do
    [ -f "$tmp/r.jsonl" ] && [ "$(wc -l < "$tmp/r.jsonl")" -ge 6 ] && break
    sleep 0.02
  done
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  before=$(wc -l < "$tmp/r.jsonl")
  [ "$before" -ge 6 ] && [ "$before" -lt 24 ] || fail "killed after $before lines; expected mid-sweep"
  head -c 37 "$tmp/single.sorted" >> "$tmp/r.jsonl"   # a partial line
  out=$("$aqmlab" sweep "$sweep" --jobs 1 --out "$tmp/r.jsonl" --resume 2>&1 >/dev/null) || fail "resume: $out"
  expect_match "$out" 'dropped .*r\.jsonl line [0-9]+ \(37 bytes, cut short \(no end of line\)\)' "drop message"
  expect_match "$out" "resuming; $((before / 2)) runs already done" "resume count"
  [ "$(wc -l < "$tmp/r.jsonl")" -eq 24 ] || fail "resumed file has $(wc -l < "$tmp/r.jsonl") lines"
  same_as_reference "resumed" "$tmp/r.jsonl"
  # Resuming a complete file runs nothing and changes nothing.
  cp "$tmp/r.jsonl" "$tmp/r.before"
  "$aqmlab" sweep "$sweep" --out "$tmp/r.jsonl" --resume --quiet || fail "second resume"
  cmp -s "$tmp/r.jsonl" "$tmp/r.before" || fail "a complete file changed on resume"
  ;;
bad_input)
  # Every refusal: its exit status (1: the input; 2: the command line) and
  # one line naming the field or flag and what is allowed.
  echo '{"base": "lred-exp1", "axes": [{"path": "groups[0].cont", "values": [1]}]}' > "$tmp/bad.json"
  expect_refusal 1 '^aqmlab sweep: .*bad.json: axes \(path "groups\[0\]\.cont"\): groups\[0\]\.cont names no field of the scenario$' \
    "bad axis" sweep "$tmp/bad.json"
  echo '{"base": "lred-exp1", "axes": [' > "$tmp/cut.json"
  expect_refusal 1 '^aqmlab sweep: .*cut.json: ' "malformed" sweep "$tmp/cut.json"
  expect_refusal 2 '^aqmlab sweep: --shard: must be I/N with N in \[1, 100000\] and I in \[0, N-1\], got "4/4"$' \
    "--shard 4/4" sweep "$sweep" --shard 4/4
  expect_refusal 2 '^aqmlab sweep: --index: must be an integer in \[0, 11\], got "12"$' "--index 12" sweep "$sweep" --index 12
  expect_refusal 2 '^aqmlab sweep: --jobs: must be an integer in \[1, 1024\], got "0"$' "--jobs 0" sweep "$sweep" --jobs 0
  expect_refusal 2 '^aqmlab sweep: --resume: needs --out' "--resume without --out" sweep "$sweep" --resume
  # Results of another sweep are not resumed into.
  "$aqmlab" sweep "$sweep" --index 0 --out "$tmp/other.jsonl" --quiet || fail "--index 0"
  sed 's/"seeds": 3/"seeds": [7, 8, 9]/' "$sweep" > "$tmp/seeds.json"
  grep -q '"seeds": \[7, 8, 9\]' "$tmp/seeds.json" || fail "could not change the seeds of $sweep"
  expect_refusal 1 'other.jsonl line 1: run 0 has point .*, seed 1, but this sweep.s run 0 has .*, seed 7 \(the file is from another sweep\)$' \
    "another sweep's file" sweep "$tmp/seeds.json" --out "$tmp/other.jsonl" --resume
  # --out never overwrites results silently.
  cp "$tmp/other.jsonl" "$tmp/other.before"
  expect_refusal 1 'other.jsonl already holds results \(--resume continues it; or remove it\)$' "overwrite" sweep "$sweep" --out "$tmp/other.jsonl"
  cmp -s "$tmp/other.jsonl" "$tmp/other.before" || fail "overwrite: the refused sweep changed the file"
  # Merge: two different results for one run and side are refused.
  sed 's/"mean_queue_pkts":[0-9.e-]*/"mean_queue_pkts":-1/' "$tmp/other.jsonl" > "$tmp/clash.jsonl"
  ! cmp -s "$tmp/other.jsonl" "$tmp/clash.jsonl" || fail "could not make a clashing result"
  expect_refusal 1 '^aqmlab merge: run 0, side 0 has two different results \(.*other.jsonl line 1 and .*clash.jsonl line 1\)$' \
    "merge clash" merge "$tmp/other.jsonl" "$tmp/clash.jsonl"
  printf 'not json\n{}\n' > "$tmp/junk.jsonl"
  expect_refusal 1 '^aqmlab report: .*junk.jsonl line 1: not a JSON object$' "report of junk" report "$tmp/junk.jsonl"
  ;;
merge_sweep)
  # merge --sweep: a failed shard cannot go unnoticed. Shard 2 of 4 (runs 6
  # to 8) is missing: the others are merged and written, the missing runs
  # listed, status 1.
  for i in 0 1 2 3; do
    "$aqmlab" sweep "$sweep" --shard "$i/4" --jobs 1 --out "$tmp/part-$i.jsonl" --quiet || fail "shard $i"
  done
  expect_refusal 1 '^aqmlab merge: 3 of 12 runs of .*sweep_small\.json are missing or lack a side: 6, 7, 8 \(aqmlab sweep --index K runs one; a shard re-run with --resume completes its block\)$' \
    "a missing shard" merge "$tmp/part-0.jsonl" "$tmp/part-1.jsonl" "$tmp/part-3.jsonl" --sweep "$sweep" --out "$tmp/m.jsonl"
  [ "$(wc -l < "$tmp/m.jsonl")" -eq 18 ] || fail "a missing shard: the 9 runs there were not all written"
  # A run with one of its two sides (the shard's last line cut off) is incomplete too.
  head -n 5 "$tmp/part-2.jsonl" > "$tmp/part-2.cut"
  expect_refusal 1 '^aqmlab merge: 1 of 12 runs of .* are missing or lack a side: 8 \(' \
    "a run without its last side" merge "$tmp/part-0.jsonl" "$tmp/part-1.jsonl" "$tmp/part-2.cut" "$tmp/part-3.jsonl" --sweep "$sweep"
  # Complete: status 0, nothing on stderr, the same lines as without --sweep.
  err=$("$aqmlab" merge "$tmp"/part-?.jsonl --sweep "$sweep" --out "$tmp/all.jsonl" 2>&1) || fail "complete: exit status $?: $err"
  [ -z "$err" ] || fail "complete: stderr: $err"
  "$aqmlab" merge "$tmp"/part-?.jsonl --out "$tmp/plain.jsonl" || fail "merge without --sweep"
  cmp -s "$tmp/all.jsonl" "$tmp/plain.jsonl" || fail "--sweep changed the merged lines"
  # Lines of another sweep (other seeds) are refused, naming the line.
  sed 's/"seeds": 3/"seeds": [7, 8, 9]/' "$sweep" > "$tmp/seeds.json"
  expect_refusal 1 '^aqmlab merge: .*part-0\.jsonl line 1: run 0 has point .*, seed 1, but this sweep.s run 0 has .*, seed 7 \(the file is from another sweep\)$' \
    "another sweep's lines" merge "$tmp/part-0.jsonl" --sweep "$tmp/seeds.json"
  expect_refusal 1 '^aqmlab merge: .*nosuch\.json' "no sweep file" merge "$tmp/part-0.jsonl" --sweep "$tmp/nosuch.json"
  ;;
progress)
  # Not a terminal: plain lines, the first before any run ends; a terminal:
  # the bar, drawn at 0 first; --quiet: nothing.
  out=$("$aqmlab" sweep "$sweep" --index 0 2>&1 >/dev/null) || fail "plain line: exit status $?: $out"
  [ "$(head -n 1 <<<"$out")" = "aqmlab sweep: 0/1 runs (0%), starting" ] || fail "plain line at the start: $out"
  expect_match "$out" '^aqmlab sweep: 1/1 runs \(100%\), [0-9.e+]+ runs/s, 0s left$' "plain line"
  out=$(script -qec "$aqmlab sweep $sweep --shard 0/3 > /dev/null" /dev/null) || fail "bar: exit status $?: $out"
  expect_match "$out" '\[-{24}\] 0/4 runs \(0%\), starting' "bar at the start"
  expect_match "$out" '\[#+-*\] [0-9]+/4 runs \([0-9]+%\), [0-9.e+]+ runs/s, [0-9hms ]+ left' "bar"
  out=$("$aqmlab" sweep "$sweep" --index 0 --quiet 2>&1 >/dev/null) || fail "--quiet: exit status $?: $out"
  [ -z "$out" ] || fail "--quiet printed: $out"
  ;;
plot)
  # report --plot: an SVG figure of one metric against one axis. Checked as
  # XML: its labels, a line per side (and per value of the other axis), the
  # means and intervals the report gives, censored marks, log ticks, metadata.
  "$aqmlab" sweep "$sweep" --out "$tmp/r.jsonl" --quiet || fail "sweep"
  "$aqmlab" report "$tmp/r.jsonl" --plot "$tmp/fig.svg" --x 'groups[0].count' --y mean_queue_pkts \
    --x-scale 5 --x-label 'N (flows in total)' --y-label 'mean queue (packets)' || fail "--plot"
  "$aqmlab" report "$tmp/r.jsonl" > "$tmp/report.jsonl" || fail "report"
  python3 - "$tmp/fig.svg" "$tmp/report.jsonl" <<'PY' || fail "the figure"
import json, sys, xml.etree.ElementTree as ET
ns = {'s': 'http://www.w3.org/2000/svg'}
svg = ET.parse(sys.argv[1]).getroot()
text = lambda cls: [t.text for t in svg.iter('{http://www.w3.org/2000/svg}text') if t.get('class') == cls]
assert text('x-label') == ['N (flows in total)'], text('x-label')
assert text('y-label') == ['mean queue (packets)'], text('y-label')
meta = json.loads(svg.find('s:metadata', ns).text)
assert meta['seeds'] == 3 and meta['points'] == 8 and meta['x_scale'] == 5, meta
series = svg.findall('s:g[@class="series"]', ns)
assert len(series) == 4, [g.get('data-label') for g in series]  # 2 sides x 2 buffers
# Each mean drawn is one of the report's, at x = 5 x groups[0].count.
rows = [json.loads(l) for l in open(sys.argv[2])]
means = {(r['point']['groups[0].count'] * 5, round(r['metrics']['mean_queue_pkts']['mean'], 6)) for r in rows}
drawn = {(float(c.find('s:title', ns).text.split(':')[0]), round(float(c.find('s:title', ns).text.split(': ')[1].split(' ')[0]), 6))
         for g in series for c in g.findall('s:circle', ns)}
assert len(drawn) == 8 and all(any(x == d[0] and abs(m - d[1]) <= 1e-5 * max(1, abs(m)) for x, m in means) for d in drawn), (drawn, means)
assert all(len(g.findall('s:path[@class="ci"]', ns)) == 2 for g in series)
assert 'mean and 95% confidence interval over 3 seeds' in svg.find('s:desc', ns).text
PY
  # Runs without a value (a response time that never settled) are censored marks.
  for run in 0 1 2; do
    v=null; [ $run -eq 0 ] && v=150
    printf '{"run":%d,"seed":%d,"point":{"x":10},"side_index":0,"side":"LRED","aqm":"lred","summary":{"response_time_s":%s}}\n' $run $((run + 1)) $v
    printf '{"run":%d,"seed":%d,"point":{"x":100},"side_index":0,"side":"LRED","aqm":"lred","summary":{"response_time_s":%d}}\n' $((run + 3)) $((run + 1)) $((10 + run))
  done > "$tmp/c.jsonl"
  "$aqmlab" report "$tmp/c.jsonl" --plot "$tmp/c.svg" --y response_time_s --log-x --censored-label '> 200 s' || fail "--plot censored"
  python3 - "$tmp/c.svg" <<'PY' || fail "censored marks and log ticks"
import sys, xml.etree.ElementTree as ET
ns = {'s': 'http://www.w3.org/2000/svg'}
svg = ET.parse(sys.argv[1]).getroot()
marks = svg.findall('.//s:g[@class="censored"]', ns)
assert len(marks) == 1, len(marks)
assert marks[0].find('s:text', ns).text == '> 200 s'
assert marks[0].find('s:title', ns).text == '2 of 3 runs: response_time_s > 200 s', marks[0].find('s:title', ns).text
ticks = [t.text for t in svg.iter('{http://www.w3.org/2000/svg}text') if t.get('class') == 'x-tick']
assert ticks == ['10', '100'], ticks
PY
  expect_refusal 1 '^aqmlab report: --x: bogus is no axis of these results \(groups\[0\]\.count, bottleneck\.buffer_pkts\)$' \
    "--x of no axis" report "$tmp/r.jsonl" --plot "$tmp/bad.svg" --x bogus
  expect_refusal 2 '^aqmlab report: --log-x: only with --plot$' "--log-x alone" report "$tmp/r.jsonl" --log-x
  [ ! -e "$tmp/bad.svg" ] || fail "a refused plot left a file"
  ;;
*) fail "no check $2" ;;
esac
echo "ok: $2"
