#!/usr/bin/env bash
# Checks of `aqmlab run` under hostile or extreme input, one per
# ctest test: checks.sh <aqmlab> <check>. Runs that used to grow without
# bound run under a virtual-memory cap (ulimit -v, KiB), so growing fails.
set -u
aqmlab=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

case $2 in
packet_limit)
  # An open-loop source far faster than its access link: a clear error at
  # the packet limit (the default scenario's two sides share the process's
  # budget), well inside 1.5 GB, and exit status 1.
  out=$( (ulimit -v 1500000; "$aqmlab" run "$here/open_loop_max.json") 2>&1); status=$?
  [ $status -eq 1 ] || fail "exit status $status"
  expect_match "$out" '^aqmlab run: .*open_loop_max.json: side 0 \(Drop-tail\): the run holds more than 2000000 packets at t = [0-9.e-]+ s, its share of the 4000000 a process may hold \(shared by 2 sides: fewer sides hold more each\); groups\[0\] \(udp_cbr\) holds [0-9]+ of them' "message"
  ;;
csv_streams)
  # 800,000 samples of 2 sides (about 250 MB if held) under a 150 MB cap.
  (ulimit -v 150000; "$aqmlab" run "$here/long_series.json" --csv "$tmp/s.csv" --quiet > "$tmp/summary.json") \
    || fail "the run failed: $(cat "$tmp/summary.json")"
  rows=$(wc -l < "$tmp/s.csv")
  [ "$rows" -eq 800003 ] || fail "$rows lines, expected 3 + 800000 samples"
  expect_match "$(tail -1 "$tmp/s.csv")" '^800,' "last sample"
  expect_match "$(cat "$tmp/summary.json")" '^\{"seed":1,"duration_s":800,"sides":\[.*\]\}$' "summary"
  ;;
csv_formula_guard)
  # Side names a spreadsheet would run as formulas get an apostrophe.
  sed 's/"duration_s": 800/"duration_s": 1/' "$here/long_series.json" > "$tmp/short.json"
  "$aqmlab" run "$tmp/short.json" --csv "$tmp/s.csv" --quiet > /dev/null || fail "the run failed"
  header=$(sed -n 3p "$tmp/s.csv")
  expect_match "$header" "^t,\"'=1\\+1\\.queue_pkts\"," "first side"
  expect_match "$header" ",\"'@SUM\\(A1\\)\\.queue_pkts\"," "second side"
  ;;
input_size_cap)
  # A 600 MB file is refused after reading 2 MiB, inside a 100 MB cap.
  truncate -s 600M "$tmp/huge.json"
  out=$( (ulimit -v 100000; "$aqmlab" run "$tmp/huge.json") 2>&1); status=$?
  [ $status -eq 1 ] || fail "exit status $status"
  expect_match "$out" 'huge.json: more than the 2097152 bytes a scenario file may have$' "message"
  ;;
set_rate_without_groups)
  # Used to end with SIGSEGV and nothing on stderr.
  echo '{"groups":[],"events":[{"kind":"set_rate"}]}' > "$tmp/crash.json"
  expect_refusal 1 'crash.json: events\[0\]\.group: is required$' "message" run "$tmp/crash.json"
  ;;
all_problems)
  # Every problem at once: a count line, then one per line in the order read.
  echo '{"duration_s":-5,"groups":[{"kind":"tcp","count":5,"bogus":1}],
         "sides":[{"aqm":"droptail"},{"aqm":"red","params":{"min_th":100,"max_th":50}}]}' > "$tmp/three.json"
  out=$("$aqmlab" run "$tmp/three.json" 2>&1 >/dev/null); status=$?
  [ "$status" -eq 1 ] || fail "three problems: exit status $status, expected 1"
  want="aqmlab run: 3 problems in $tmp/three.json:
  duration_s: must be in [0.1, 86400], got -5
  groups[0].bogus: unknown field for kind \"tcp\"
  sides[1].params.min_th: must be below max_th (50), got 100"
  [ "$out" = "$want" ] || fail "three problems: got: $out"
  # Past 20, how many more.
  groups=$(printf '{"count":-1},%.0s' $(seq 25))
  echo "{\"groups\":[${groups%,}]}" > "$tmp/many.json"
  out=$("$aqmlab" run "$tmp/many.json" 2>&1 >/dev/null)
  [ "$(wc -l <<<"$out")" -eq 22 ] || fail "25 problems: expected 22 lines, got: $(head -c 600 <<<"$out")"
  expect_match "$(head -1 <<<"$out")" "^aqmlab run: 25 problems in .*many.json:$" "count line"
  expect_match "$(sed -n 21p <<<"$out")" '^  groups\[19\]\.count: must be in \[0, 20000\], got -1$' "20th problem"
  expect_match "$(tail -1 <<<"$out")" '^  and 5 more$' "the rest counted"
  ;;
progress_on_a_terminal)
  # script(1) gives the run a terminal; the progress line goes to it.
  out=$(script -qec "$aqmlab run $here/progress.json > /dev/null" /dev/null)
  expect_match "$out" 'simulated [0-9.]+ of 3000\.0 s \([0-9]+%\), [0-9.e+]+x real time, [0-9hms ]+ left' "progress"
  ;;
progress_quiet)
  out=$(script -qec "$aqmlab run $here/progress.json --quiet" /dev/null)
  expect_match "$out" '^\{"seed":1,' "summary"
  ! grep -q simulated <<<"$out" || fail "progress shown with --quiet"
  ;;
progress_not_a_terminal)
  out=$("$aqmlab" run "$here/progress.json" 2>&1 > /dev/null)
  [ -z "$out" ] || fail "stderr is not a terminal, yet: $out"
  ;;
*) fail "no check $2" ;;
esac
echo "ok: $2"
