#!/usr/bin/env bash
# Careless and hostile inputs the command line must refuse (or bound), one
# check per ctest test: strict_checks.sh <aqmlab> <check>. Each refusal is
# one line on stderr naming the file, field or flag and what is allowed.
set -u
aqmlab=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
sweep=$here/sweep_small.json
. "$here/common.sh"

# A result line as `aqmlab sweep` writes them, with a summary of one metric.
result_line() {  # run, side, value
  printf '{"run":%d,"seed":1,"point":{"x":1},"side_index":%d,"side":"A","aqm":"red","summary":{"m":%s}}\n' "$1" "$2" "$3"
}

case $2 in
analyze_ranges)
  # A model file's parameters pass the check `run` applies to a scenario's:
  # the same ranges and relations, with the same words.
  net='"network": {"flows": 60, "capacity_pps": 3750, "rtt_s": 0.2, "buffer_pkts": 800}'
  model() { echo "{$net, \"aqm\": \"$1\", \"params\": $2, \"fluid\": {\"duration_s\": 10$3}, \"stability\": {}}" > "$tmp/m.json"; }
  model pi '{"qref": -5}' ''
  expect_refusal 1 '^aqmlab analyze: .*m\.json: params\.qref: must be in \[[0-9.e+]+, [0-9.e+]+\], got -5$' "PI qref -5" analyze "$tmp/m.json"
  model pi '{"qref": 1e300}' ''
  expect_refusal 1 '^aqmlab analyze: .*m\.json: params\.qref: must be in \[.*\], got 1e\+300$' "PI qref 1e300" analyze "$tmp/m.json"
  model red '{"max_p": 5}' ''
  expect_refusal 1 'm\.json: params\.max_p: must be in \[0, 1\], got 5$' "RED max_p 5" analyze "$tmp/m.json"
  model red '{"min_th": 500, "max_th": 100}' ''
  expect_refusal 1 'm\.json: params\.min_th: must be below max_th \(100\), got 500$' "RED min_th > max_th" analyze "$tmp/m.json"
  # Inside the fluid model's events, against the parameters in force then.
  model red '{}' ', "events": [{"at_s": 5, "params": {"max_p": 5}}]'
  expect_refusal 1 'm\.json: fluid\.events\[0\]\.params\.max_p: must be in \[0, 1\], got 5$' "event max_p 5" analyze "$tmp/m.json"
  model red '{"min_th": 20, "max_th": 100}' ', "events": [{"at_s": 5, "params": {"min_th": 500}}]'
  expect_refusal 1 'm\.json: fluid\.events\[0\]\.params\.min_th: must be below max_th \(100\), got 500$' \
    "event min_th above the max_th in force" analyze "$tmp/m.json"
  model red '{}' ', "events": [{"at_s": 5, "params": {"bogus": 1}}]'
  expect_refusal 1 'm\.json: fluid\.events\[0\]\.params\.bogus: no such parameter' "event unknown parameter" analyze "$tmp/m.json"
  model red '{}' ', "events": [{"at_s": 5, "params": {"max_p": "high"}}]'
  expect_refusal 1 'm\.json: fluid\.events\[0\]\.params\.max_p: must be a number$' "event parameter not a number" analyze "$tmp/m.json"
  # The Markov chain's RED drop curve too.
  echo '{"chain": {"sources": [{"poisson": 100}], "service_rate_pps": 120, "capacity_pkts": 50,
         "drop_curve": {"kind": "red", "min_th": 10, "max_th": 40, "max_p": 5}}}' > "$tmp/c.json"
  expect_refusal 1 'c\.json: chain\.drop_curve\.max_p: must be in \[0, 1\], got 5$' "chain max_p 5" analyze "$tmp/c.json"
  # `run` words it the same way.
  echo '{"sides": [{"aqm": "red", "params": {"max_p": 5}}]}' > "$tmp/s.json"
  expect_refusal 1 's\.json: sides\[0\]\.params\.max_p: must be in \[0, 1\], got 5$' "run's words" run "$tmp/s.json"
  # A valid model still runs.
  model red '{"max_p": 0.2}' ', "events": [{"at_s": 5, "params": {"max_p": 0.05}}]'
  "$aqmlab" analyze "$tmp/m.json" > /dev/null || fail "a valid model was refused"
  ;;
sweep_axes)
  # An axis on the seed would be ignored (every run sets its own seed).
  echo '{"base": "lred-exp1", "axes": [{"path": "seed", "values": [1, 2]}]}' > "$tmp/a.json"
  expect_refusal 1 'a\.json: axes\[0\]\.path: "seed" cannot be an axis \(the runs. seeds come from the sweep.s "seeds"\)$' \
    "an axis on seed" sweep "$tmp/a.json" --list
  # Two axes setting the same field: one would win and both would label the points.
  echo '{"base": "lred-exp1", "axes": [{"path": "groups[*].count", "values": [1, 2]},
        {"path": "groups[0].count", "values": [3, 4]}]}' > "$tmp/a.json"
  expect_refusal 1 'a\.json: axes\[1\]\.path: "groups\[0\]\.count" sets groups\[0\]\.count, which axes\[0\] \("groups\[\*\]\.count"\) sets too$' \
    "[*] and [0]" sweep "$tmp/a.json" --list
  echo '{"base": "lred-exp1", "axes": [{"path": "groups[0].count", "values": [1, 2]},
        {"path": "groups[00].count", "values": [3, 4]}]}' > "$tmp/a.json"
  expect_refusal 1 'a\.json: axes\[1\]\.path: "groups\[00\]\.count" sets groups\[0\]\.count, which axes\[0\] \("groups\[0\]\.count"\) sets too$' \
    "[0] and [00]" sweep "$tmp/a.json" --list
  echo '{"base": "lred-exp1", "axes": [{"path": "bottleneck", "values": [1]},
        {"path": "bottleneck.buffer_pkts", "values": [3, 4]}]}' > "$tmp/a.json"
  expect_refusal 1 'a\.json: axes\[1\]\.path: "bottleneck\.buffer_pkts" sets bottleneck\.buffer_pkts, which axes\[0\] \("bottleneck"\) sets too$' \
    "a field inside another axis's" sweep "$tmp/a.json" --list
  # A value twice on one axis would count its runs twice in the report.
  echo '{"base": "lred-exp1", "axes": [{"path": "groups[0].count", "values": [5, 10, 5.0]}]}' > "$tmp/a.json"
  expect_refusal 1 'a\.json: axes\[0\]\.values\[2\]: repeats 5 \(axes\[0\]\.values\[0\]\)$' "a value twice" sweep "$tmp/a.json" --list
  # Different fields of one group are fine.
  echo '{"base": "lred-exp1", "axes": [{"path": "groups[*].count", "values": [1, 2]},
        {"path": "groups[0].rtt_ms.max", "values": [300, 400]}]}' > "$tmp/a.json"
  [ "$("$aqmlab" sweep "$tmp/a.json" --list | wc -l)" -gt 0 ] || fail "two fields of one group were refused"
  ;;
sweep_seeds_exact)
  # Read as a scenario's seed is: exactly, in [0, 2^53].
  echo '{"base": "lred-exp1", "axes": [{"path": "groups[0].count", "values": [5]}], "seeds": [9007199254740993]}' > "$tmp/s.json"
  expect_refusal 1 's\.json: seeds\[0\]: must be in \[0, 9007199254740992\], got 9007199254740993$' "2^53 + 1" sweep "$tmp/s.json" --list
  echo '{"base": "lred-exp1", "axes": [{"path": "groups[0].count", "values": [5]}], "seeds": [9007199254740992, 1e3]}' > "$tmp/s.json"
  out=$("$aqmlab" sweep "$tmp/s.json" --list) || fail "2^53 refused: $out"
  expect_match "$out" '"seed":9007199254740992\}' "2^53 listed exactly"
  expect_match "$out" '"seed":1000\}' "1e3 is 1000, as a scenario's seed"
  echo '{"base": "lred-exp1", "axes": [{"path": "groups[0].count", "values": [5]}], "seeds": [18446744073709551615]}' > "$tmp/s.json"
  expect_refusal 1 's\.json: seeds\[0\]: must be in \[0, 9007199254740992\], got 18446744073709551615$' "2^64 - 1" sweep "$tmp/s.json" --list
  echo '{"base": "lred-exp1", "axes": [{"path": "groups[0].count", "values": [5]}], "seeds": [9007199254740992, 9007199254740992]}' > "$tmp/s.json"
  expect_refusal 1 's\.json: seeds\[1\]: repeats 9007199254740992$' "a seed twice" sweep "$tmp/s.json" --list
  echo '{"base": "lred-exp1", "axes": [{"path": "groups[0].count", "values": [5]}], "seeds": [2.5]}' > "$tmp/s.json"
  expect_refusal 1 's\.json: seeds\[0\]: must be a whole number in \[0, 9007199254740992\], got 2\.5$' "2.5" sweep "$tmp/s.json" --list
  # The scenario's own seed reads the same way.
  echo '{"seed": 9007199254740993}' > "$tmp/sc.json"
  expect_refusal 1 'sc\.json: seed: must be in \[0, 9007199254740992\], got 9007199254740993$' "scenario seed" run "$tmp/sc.json"
  ;;
name_characters)
  # 40 characters, not 40 bytes: "é" is two bytes, "𝄞" four (two UTF-16 units).
  e40=$(printf 'é%.0s' $(seq 40)); g40=$(printf '𝄞%.0s' $(seq 40))
  for name in "$e40" "$g40"; do
    echo "{\"base\": {\"sides\": [{\"name\": \"$name\", \"aqm\": \"red\"}], \"windows\": [{\"name\": \"$name\", \"from_s\": 1, \"to_s\": 2}]},
           \"axes\": [{\"path\": \"bottleneck.buffer_pkts\", \"values\": [100]}]}" > "$tmp/n.json"
    out=$("$aqmlab" sweep "$tmp/n.json" --list 2>&1) || fail "a 40-character name was refused: $out"
  done
  echo "{\"sides\": [{\"name\": \"${e40}é\", \"aqm\": \"red\"}]}" > "$tmp/n.json"
  expect_refusal 1 'n\.json: sides\[0\]\.name: must be at most 40 characters, got 41$' "41 characters" run "$tmp/n.json"
  ;;
line_keys)
  # An object of one result line may have at most 1,000 keys: above that
  # the line is refused, by report, merge and --resume alike.
  keys=$(seq 0 1000 | sed 's/.*/"k&":1/' | paste -sd,)
  printf '{"run":0,"seed":1,"point":{"x":1},"side_index":0,"side":"A","aqm":"red","summary":{%s}}\n' "$keys" > "$tmp/wide.jsonl"
  expect_refusal 1 '^aqmlab report: .*wide\.jsonl line 1: an object with more than 1000 keys \(a result line.s objects have at most 1000\)$' \
    "report of 1,001 keys" report "$tmp/wide.jsonl"
  expect_refusal 1 '^aqmlab merge: .*wide\.jsonl line 1: an object with more than 1000 keys' "merge of 1,001 keys" merge "$tmp/wide.jsonl"
  "$aqmlab" sweep "$sweep" --index 0 --out "$tmp/r.jsonl" --quiet || fail "--index 0"
  cat "$tmp/wide.jsonl" >> "$tmp/r.jsonl"; result_line 0 0 1 >> "$tmp/r.jsonl"
  expect_refusal 1 '^aqmlab sweep: .*r\.jsonl line 3: an object with more than 1000 keys' "--resume of 1,001 keys" \
    sweep "$sweep" --out "$tmp/r.jsonl" --resume --quiet
  # 150 objects of 1,000 keys (150,000 metrics): a report in linear time.
  obj=$(seq 0 999 | sed 's/.*/"k&":1/' | paste -sd,)
  body=$(for i in $(seq 150); do printf '"g%d":{%s},' "$i" "$obj"; done)
  printf '{"run":0,"seed":1,"point":{"x":1},"side_index":0,"side":"A","aqm":"red","summary":{%s"m":2}}\n' "$body" > "$tmp/many.jsonl"
  out=$(timeout 60 "$aqmlab" report "$tmp/many.jsonl" 2>&1) || fail "report of 150,000 metrics: status $?: $(head -c 300 <<<"$out")"
  n=$(grep -o '"n":1' <<<"$out" | wc -l)
  [ "$n" -eq 150001 ] || fail "report of 150,000 metrics: $n metrics reported"
  timeout 60 "$aqmlab" merge "$tmp/many.jsonl" --out "$tmp/m.jsonl" || fail "merge of 150,000 metrics"
  cmp -s "$tmp/many.jsonl" "$tmp/m.jsonl" || fail "merge changed the line"
  ;;
sweep_check_cost)
  # Every point is checked before anything runs, at the cost of a point's
  # scenario each: a base of 10,000 events over 3,000 points is refused
  # at once, naming what to lower, not checked for minutes.
  events=$(seq 1 10000 | awk '{printf "%s{\"at_s\":%.4f,\"kind\":\"set_flows\",\"group\":0,\"count\":%d}", (NR>1?",":""), NR/1000, NR%50+1}')
  echo "{\"base\": {\"duration_s\": 30, \"groups\": [{\"count\": 5}], \"events\": [$events]},
         \"axes\": [{\"path\": \"bottleneck.buffer_pkts\", \"range\": {\"from\": 10, \"to\": 3009, \"step\": 1}}]}" > "$tmp/big.json"
  start=$(date +%s)
  expect_refusal 1 'big\.json: axes: checking the sweep.s 3000 points means reading its [0-9]+-byte base scenario 3000 times \([0-9]+ MiB\), more than the [0-9]+ MiB checked before a sweep starts: fewer points, a smaller base \(fewer events\), or the sweep split into several files$' \
    "3,000 points of a large base" sweep "$tmp/big.json" --list
  [ $(($(date +%s) - start)) -lt 30 ] || fail "the refusal took $(($(date +%s) - start)) s"
  ;;
memory_budget)
  # Six sides of a 100 Gb/s source: their packets share one budget per
  # process, so the run stops at its share well inside 1.5 GB and names
  # what to lower. (Each side alone could hold the whole budget.)
  sed 's/"groups"/"sides": [{"aqm":"droptail"},{"aqm":"droptail"},{"aqm":"droptail"},{"aqm":"droptail"},{"aqm":"droptail"},{"aqm":"droptail"}], "groups"/' \
    "$here/open_loop_max.json" > "$tmp/six.json"
  out=$( (ulimit -v 1500000; "$aqmlab" run "$tmp/six.json") 2>&1); status=$?
  [ $status -eq 1 ] || fail "exit status $status: $out"
  expect_match "$out" '^aqmlab run: .*six\.json: side 0 \(Drop-tail\): the run holds more than 666666 packets at t = [0-9.e-]+ s, its share of the 4000000 a process may hold \(shared by 6 sides: fewer sides hold more each\); groups\[0\] \(udp_cbr\) holds' "six sides"
  # A sweep's runs share it the same way, by --jobs.
  echo "{\"base\": $(cat "$here/open_loop_max.json"), \"axes\": [{\"path\": \"duration_s\", \"values\": [60, 61]}], \"metrics\": [\"utilisation\"]}" > "$tmp/sw.json"
  (ulimit -v 1500000; "$aqmlab" sweep "$tmp/sw.json" --jobs 2 --out "$tmp/sw.jsonl" --quiet) 2>/dev/null
  expect_match "$(head -1 "$tmp/sw.jsonl")" '"error":"the run holds more than 2000000 packets at t = [0-9.e-]+ s, its share of the 4000000 a process may hold \(shared by 2 jobs: a lower --jobs holds more each\); groups' "a sweep's jobs"
  ;;
directories)
  # A directory is no results file (it used to read as an empty one, status 0).
  mkdir "$tmp/d"
  expect_refusal 1 '^aqmlab merge: .*/d: is a directory, not a results file$' "merge of a directory" merge "$tmp/d"
  expect_refusal 1 '^aqmlab report: .*/d: is a directory, not a results file$' "report of a directory" report "$tmp/d"
  expect_refusal 1 '^aqmlab run: .*/d: is a directory, not a scenario file$' "run of a directory" run "$tmp/d"
  expect_refusal 1 '^aqmlab sweep: .*/d: is a directory, not a sweep file$' "sweep of a directory" sweep "$tmp/d"
  ;;
out_is_input)
  { result_line 0 0 1; result_line 1 0 2; } > "$tmp/r.jsonl"
  cp "$tmp/r.jsonl" "$tmp/before"
  expect_refusal 2 '^aqmlab report: --out: .*r\.jsonl is one of the input files \(it would be overwritten\)$' "report --out its input" \
    report "$tmp/r.jsonl" --out "$tmp/r.jsonl"
  expect_refusal 2 '^aqmlab merge: --out: .*r\.jsonl is one of the input files' "merge --out its input" \
    merge "$tmp/r.jsonl" --out "$tmp/./r.jsonl"
  ln -s "$tmp/r.jsonl" "$tmp/link.jsonl"
  expect_refusal 2 '^aqmlab report: --out: .*link\.jsonl is one of the input files' "through a link" \
    report "$tmp/r.jsonl" --out "$tmp/link.jsonl"
  cmp -s "$tmp/r.jsonl" "$tmp/before" || fail "the input changed"
  ;;
resume_clash)
  # Two different lines for one run and side: --resume refuses, as merge does.
  "$aqmlab" sweep "$sweep" --index 0 --out "$tmp/r.jsonl" --quiet || fail "--index 0"
  sed 's/"mean_queue_pkts":[0-9.e-]*/"mean_queue_pkts":-1/' "$tmp/r.jsonl" | head -1 >> "$tmp/r.jsonl"
  cp "$tmp/r.jsonl" "$tmp/before"
  expect_refusal 1 '^aqmlab sweep: run 0, side 0 has two different results \(.*r\.jsonl line 1 and .*r\.jsonl line 3\)$' \
    "a clash" sweep "$sweep" --out "$tmp/r.jsonl" --resume --quiet
  cmp -s "$tmp/r.jsonl" "$tmp/before" || fail "the refused resume changed the file"
  ;;
byte_order_mark)
  # At the start of any input file a UTF-8 byte-order mark is skipped, the
  # same for scenarios, sweeps, models and results; it never reaches merged
  # output. Inside a results file it is refused, naming the line.
  bom=$'\xef\xbb\xbf'
  { printf '%s' "$bom"; result_line 0 0 1; result_line 1 0 2; } > "$tmp/a.jsonl"
  "$aqmlab" merge "$tmp/a.jsonl" --out "$tmp/m.jsonl" || fail "merge of a file with a byte-order mark"
  [ "$(head -c 3 "$tmp/m.jsonl")" != "$bom" ] || fail "the byte-order mark reached the merged file"
  { result_line 0 0 1; result_line 1 0 2; } | cmp -s - "$tmp/m.jsonl" || fail "merged lines differ"
  "$aqmlab" report "$tmp/a.jsonl" > /dev/null || fail "report of a file with a byte-order mark"
  { result_line 2 0 3; printf '%s' "$bom"; result_line 3 0 4; } > "$tmp/b.jsonl"
  expect_refusal 1 '^aqmlab merge: .*b\.jsonl line 2: a byte-order mark inside the file \(only its start may have one\)$' \
    "a mark inside" merge "$tmp/a.jsonl" "$tmp/b.jsonl"
  { printf '%s' "$bom"; cat "$sweep"; } > "$tmp/s.json"
  [ "$("$aqmlab" sweep "$tmp/s.json" --list | wc -l)" -eq 12 ] || fail "a sweep file with a byte-order mark"
  printf '%s{"sides": [{"aqm": "red", "params": {"max_p": 5}}]}' "$bom" > "$tmp/sc.json"
  expect_refusal 1 'sc\.json: sides\[0\]\.params\.max_p' "a scenario with a byte-order mark is read" run "$tmp/sc.json"
  ;;
strict_integers)
  # Flags take plain integers: no sign, no space, no leading zero.
  for bad in " 0/2" "+1/2" "01/02" "0/02" "0/2 " "0/+2" "1/2/3" "-0/2"; do
    quoted=${bad//+/\\+}
    expect_refusal 2 "^aqmlab sweep: --shard: must be I/N with N in \\[1, 100000\\] and I in \\[0, N-1\\], got \"$quoted\"\$" \
      "--shard \"$bad\"" sweep "$sweep" --shard "$bad" --list
  done
  for bad in " 1" "+1" "01" "1 " "0x1"; do
    quoted=${bad//+/\\+}
    expect_refusal 2 "^aqmlab sweep: --jobs: must be an integer in \\[1, 1024\\], got \"$quoted\"\$" "--jobs \"$bad\"" sweep "$sweep" --jobs "$bad" --list
    expect_refusal 2 "^aqmlab sweep: --index: must be an integer in \\[0, 11\\], got \"$quoted\"\$" "--index \"$bad\"" sweep "$sweep" --index "$bad" --list
  done
  [ "$("$aqmlab" sweep "$sweep" --shard 0/2 --list | wc -l)" -eq 6 ] || fail "--shard 0/2"
  [ "$("$aqmlab" sweep "$sweep" --index 10 --jobs 10 --list | wc -l)" -eq 1 ] || fail "--index 10"
  ;;
size_messages)
  # The size limit names the kind of file it refuses.
  truncate -s 3M "$tmp/big.json"
  expect_refusal 1 'big\.json: more than the 2097152 bytes a scenario file may have$' "run" run "$tmp/big.json"
  expect_refusal 1 'big\.json: more than the 2097152 bytes a sweep file may have$' "sweep" sweep "$tmp/big.json"
  expect_refusal 1 'big\.json: more than the 2097152 bytes a model file may have$' "analyze" analyze "$tmp/big.json"
  expect_refusal 1 'big\.json: more than the 2097152 bytes a sweep file may have$' "merge --sweep" merge "$tmp/big.json" --sweep "$tmp/big.json"
  # A result line is bounded too (a file is read a line at a time).
  head -c 3000000 /dev/zero | tr '\0' 'x' > "$tmp/long.jsonl"
  expect_refusal 1 'long\.jsonl line 1: more than the 2097152 bytes a result line may have$' "a long line" report "$tmp/long.jsonl"
  ;;
*) fail "no check $2" ;;
esac
echo "ok: $2"
