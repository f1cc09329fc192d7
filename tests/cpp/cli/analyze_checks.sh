#!/usr/bin/env bash
# Checks of `aqmlab analyze`, one per ctest test:
# analyze_checks.sh <aqmlab> <check>. Model files come from
# core-cpp/analysis-examples/ (documented in core-cpp/ANALYSIS.md).
set -u
aqmlab=$1
here=$(cd "$(dirname "$0")" && pwd)
examples=$here/../../../core-cpp/analysis-examples
. "$here/common.sh"

case $2 in
help)
  out=$("$aqmlab" analyze --help); status=$?
  [ $status -eq 0 ] || fail "exit status $status"
  expect_match "$out" '^usage: aqmlab analyze <model.json> \[--csv\]' "usage on stdout"
  # An unknown flag: a non-zero exit and one line naming it (the command line's convention).
  expect_refusal 2 '^aqmlab analyze: unknown option "--bogus"' "unknown flag named" \
    analyze "$examples/chain-16-phases.json" --bogus
  # A flag that takes a value, given last without one, is named as such, not as unknown.
  for flag in --scenario --side --repeat; do
    expect_refusal 2 "^aqmlab analyze: $flag: needs a value\$" "$flag without its value" analyze "$examples/chain-16-phases.json" $flag
  done
  ;;
chain_json)
  out=$("$aqmlab" analyze "$examples/chain-16-phases.json") || fail "exit status $?"
  expect_match "$out" '^\{"chain":\{.*"phases":16,.*"states":12816\},"ok":true\}$' "16-phase chain"
  n=$(python3 -c 'import json,sys; d=json.load(sys.stdin)["chain"]; print(len(d["distribution"]), round(sum(d["distribution"]),12))' <<<"$out")
  [ "$n" = "201 1.0" ] || fail "distribution: $n"
  ;;
fluid_csv)
  out=$("$aqmlab" analyze "$examples/pi-network.json" --csv) || fail "exit status $?"
  expect_match "$(sed -n 1,2p <<<"$out" | tr '\n' '|')" '^# fluid\|t,queue_pkts,window_pkts,p\|$' "fluid header"
  rows=$(awk '/^# fluid/{f=1;next} /^#/{f=0} f' <<<"$out" | tail -n +2 | wc -l)
  [ "$rows" -eq 4001 ] || fail "$rows fluid rows, expected 4001 (every 50 ms over 200 s, both ends)"
  expect_match "$out" '^# bode$' "bode section"
  ;;
chain_csv)
  # The chain's distribution as CSV: one section, b = 0..200, the same numbers as the JSON.
  out=$("$aqmlab" analyze "$examples/chain-16-phases.json" --csv) || fail "exit status $?"
  [ "$(grep -c '^# ' <<<"$out")" -eq 1 ] || fail "sections: $(grep '^# ' <<<"$out" | tr '\n' ' ')"
  expect_match "$(sed -n 1,3p <<<"$out" | tr '\n' '|')" '^# chain\|b,probability\|0,[0-9.e-]+\|$' "chain header"
  json=$("$aqmlab" analyze "$examples/chain-16-phases.json") || fail "exit status $?"
  check=$(python3 -c '
import json, sys
rows = [l.split(",") for l in open(sys.argv[1]).read().splitlines()[2:]]
p = json.loads(sys.argv[2])["chain"]["distribution"]
print(len(rows), [int(r[0]) for r in rows] == list(range(len(p))), [float(r[1]) for r in rows] == p, round(sum(p), 12))
' <(echo "$out") "$json")
  [ "$check" = "201 True True 1.0" ] || fail "chain rows: $check"
  ;;
scenario_csv)
  # --scenario --csv: a section per model and side, headed "# side<K>.<part>".
  echo '{"duration_s":20,"groups":[{"count":40}],"sides":[{"aqm":"red"},{"aqm":"pi"}]}' > "$tmp/s.json"
  out=$("$aqmlab" analyze --scenario "$tmp/s.json" --csv) || fail "exit status $?"
  heads=$(grep '^# ' <<<"$out" | tr '\n' '|')
  [ "$heads" = "# side0.fluid|# side0.bode|# side1.fluid|# side1.bode|" ] || fail "sections: $heads"
  expect_match "$(grep -A1 '^# side1.bode' <<<"$out" | tr '\n' '|')" '^# side1.bode\|w,mag_db,phase_deg\|$' "bode header"
  one=$("$aqmlab" analyze --scenario "$tmp/s.json" --side 1 --csv) || fail "exit status $?"
  heads=$(grep '^# ' <<<"$one" | tr '\n' '|')
  [ "$heads" = "# side1.fluid|# side1.bode|" ] || fail "--side 1 sections: $heads"
  # Open-loop MMPP through drop-tail: the chain's distribution too (no Bode: no linear analysis).
  echo '{"duration_s":20,"bottleneck":{"buffer_pkts":30},"groups":[{"kind":"mmpp","size":"exponential",
    "sources":[{"lambda1":2000,"lambda2":500,"r12":1,"r21":1}]}],"sides":[{"aqm":"droptail"}]}' > "$tmp/o.json"
  out=$("$aqmlab" analyze --scenario "$tmp/o.json" --csv) || fail "exit status $?"
  heads=$(grep '^# ' <<<"$out" | tr '\n' '|')
  [ "$heads" = "# side0.queue_model|# side0.fluid|" ] || fail "open-loop sections: $heads"
  rows=$(awk '/^# side0.queue_model/{f=1;next} /^#/{f=0} f' <<<"$out" | tail -n +2 | wc -l)
  [ "$rows" -eq 32 ] || fail "$rows chain rows, expected 32 (b = 0..31: the buffer and the one in transmission)"
  ;;
scenario_side)
  echo '{"duration_s":20,"groups":[{"count":40}],"sides":[{"aqm":"red"},{"aqm":"pi"}]}' > "$tmp/s.json"
  out=$("$aqmlab" analyze --scenario "$tmp/s.json" --side 1) || fail "exit status $?"
  expect_match "$out" '"discipline":"pi"' "side 1"
  expect_match "$out" '"verdict":"(stable|marginal|unstable)"' "verdict"
  all=$("$aqmlab" analyze --scenario "$tmp/s.json") || fail "exit status $?"
  expect_match "$all" '^\{"ok":true,"sides":\[\{.*"discipline":"red".*\},\{.*"discipline":"pi"' "every side"
  ;;
bad_input)
  echo '{"chain":{"sources":[{"lambda1":5,"lambda2":1,"r12":0}]}}' > "$tmp/m.json"
  expect_refusal 1 '^aqmlab analyze: .*m.json: chain.sources\[0\].r12: must be in \[1e-06, 1000000\], got 0$' "message" \
    analyze "$tmp/m.json"
  echo '{"network":{"flows":10},"aqm":"nosuch","stability":{}}' > "$tmp/m.json"
  expect_refusal 1 'm.json: aqm: unknown discipline "nosuch"' "unknown discipline" analyze "$tmp/m.json"
  out=$("$aqmlab" analyze --side 1 "$tmp/m.json" 2>&1); status=$?
  [ $status -eq 2 ] || fail "--side without --scenario: exit status $status"
  ;;
bench)
  out=$("$aqmlab" analyze --bench --repeat 1 "$examples/chain-16-phases.json") || fail "exit status $?"
  expect_match "$out" '^\{"capacity_pkts":200,"erlang_stages":4,"max_ms":[0-9.e+-]+,"median_ms":[0-9.e+-]+,"min_ms":[0-9.e+-]+,"phases":16,"repeat":1,"states":12816\}$' "bench line"
  ;;
*) fail "unknown check $2" ;;
esac
