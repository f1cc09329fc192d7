#!/usr/bin/env bash
# `aqmlab sweep`, `merge` and `report` (issue 16), one per ctest test:
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
  "$aqmlab" merge "$@" --out "$tmp/merged.jsonl" || fail "$what: merge"
  cmp -s "$tmp/merged.jsonl" "$tmp/single.sorted" || fail "$what: merged lines differ from the single process"
  "$aqmlab" report "$tmp/merged.jsonl" > "$tmp/merged.report" || fail "$what: report"
  cmp -s "$tmp/merged.report" "$tmp/single.report" || fail "$what: report differs from the single process"
  "$aqmlab" report "$tmp/merged.jsonl" --csv > "$tmp/merged.csv"
  "$aqmlab" report "$tmp/single.jsonl" --csv > "$tmp/single.csv"
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
  # The container's command from the YAML, once per completion index, with
  # the sweep, results and binary paths pointed here.
  yaml=$repo/docs/cluster/sweep-indexed-job.yaml
  cmd=$(grep -E '^\s+- aqmlab sweep ' "$yaml" | sed -E 's/^\s+- //')
  [ -n "$cmd" ] || fail "no aqmlab command in $yaml"
  shards=$(grep -E '^\s+completions:' "$yaml" | grep -Eo '[0-9]+')
  [ "$(grep -A1 'name: SHARDS' "$yaml" | grep -Eo '"[0-9]+"' | tr -d '"')" = "$shards" ] || fail "SHARDS != completions"
  mkdir -p "$tmp/sweep" "$tmp/results" "$tmp/bin"
  cp "$sweep" "$tmp/sweep/sweep.json"
  ln -s "$aqmlab" "$tmp/bin/aqmlab"
  cmd=${cmd//\/sweep\//$tmp/sweep/}
  cmd=${cmd//\/results\//$tmp/results/}
  reference
  for ((i = 0; i < shards; i++)); do
    PATH=$tmp/bin:$PATH JOB_COMPLETION_INDEX=$i SHARDS=$shards sh -c "$cmd" || fail "pod $i: $cmd"
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
  run() { out=$("$aqmlab" "$@" 2>&1 >/dev/null); status=$?; }
  echo '{"base": "lred-exp1", "axes": [{"path": "groups[0].cont", "values": [1]}]}' > "$tmp/bad.json"
  run sweep "$tmp/bad.json"
  [ $status -eq 1 ] || fail "bad axis: status $status"
  expect_match "$out" '^aqmlab sweep: .*bad.json: axes \(path "groups\[0\]\.cont"\): groups\[0\]\.cont names no field of the scenario$' "bad axis"
  echo '{"base": "lred-exp1", "axes": [' > "$tmp/cut.json"
  run sweep "$tmp/cut.json"
  [ $status -eq 1 ] && expect_match "$out" '^aqmlab sweep: .*cut.json: ' "malformed"
  run sweep "$sweep" --shard 4/4
  [ $status -eq 2 ] || fail "--shard 4/4: status $status"
  expect_match "$out" '^aqmlab sweep: --shard: must be I/N with N in \[1, 100000\] and I in \[0, N-1\], got 4/4$' "--shard"
  run sweep "$sweep" --index 12
  [ $status -eq 2 ] && expect_match "$out" '^aqmlab sweep: --index: must be an integer in \[0, 11\], got 12$' "--index"
  run sweep "$sweep" --jobs 0
  [ $status -eq 2 ] && expect_match "$out" '^aqmlab sweep: --jobs: must be an integer in \[1, 1024\], got 0$' "--jobs"
  run sweep "$sweep" --resume
  [ $status -eq 2 ] && expect_match "$out" '^aqmlab sweep: --resume: needs --out' "--resume without --out"
  # Results of another sweep are not resumed into.
  "$aqmlab" sweep "$sweep" --index 0 --out "$tmp/other.jsonl" --quiet
  sed 's/"seeds": 3/"seeds": [7, 8, 9]/' "$sweep" > "$tmp/seeds.json"
  run sweep "$tmp/seeds.json" --out "$tmp/other.jsonl" --resume
  [ $status -eq 1 ] && expect_match "$out" 'other.jsonl line 1: run 0 has point .*, seed 1, but this sweep.s run 0 has .*, seed 7 \(the file is from another sweep\)$' "other sweep"
  # --out never overwrites results silently.
  run sweep "$sweep" --out "$tmp/other.jsonl"
  [ $status -eq 1 ] && expect_match "$out" 'other.jsonl already holds results \(--resume continues it; or remove it\)$' "overwrite"
  # Merge: two different results for one run and side are refused.
  sed 's/"mean_queue_pkts":[0-9.e-]*/"mean_queue_pkts":-1/' "$tmp/other.jsonl" > "$tmp/clash.jsonl"
  run merge "$tmp/other.jsonl" "$tmp/clash.jsonl"
  [ $status -eq 1 ] && expect_match "$out" '^aqmlab merge: run 0, side 0 has two different results \(.*other.jsonl line 1 and .*clash.jsonl line 1\)$' "merge clash"
  printf 'not json\n{}\n' > "$tmp/junk.jsonl"
  run report "$tmp/junk.jsonl"
  [ $status -eq 1 ] && expect_match "$out" '^aqmlab report: .*junk.jsonl line 1: not a JSON object$' "report junk"
  ;;
progress)
  # Not a terminal: plain lines; a terminal: the bar; --quiet: nothing.
  out=$("$aqmlab" sweep "$sweep" --index 0 2>&1 >/dev/null)
  expect_match "$out" '^aqmlab sweep: 1/1 runs \(100%\), [0-9.e+]+ runs/s, 0s left$' "plain line"
  out=$(script -qec "$aqmlab sweep $sweep --shard 0/3 > /dev/null" /dev/null)
  expect_match "$out" '\[#+-*\] [0-9]+/4 runs \([0-9]+%\), [0-9.e+]+ runs/s, [0-9hms ]+ left' "bar"
  out=$("$aqmlab" sweep "$sweep" --index 0 --quiet 2>&1 >/dev/null)
  [ -z "$out" ] || fail "--quiet printed: $out"
  ;;
*) fail "no check $2" ;;
esac
echo "ok: $2"
