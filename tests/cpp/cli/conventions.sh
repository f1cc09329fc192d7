#!/usr/bin/env bash
# Command-line conventions, one per ctest test:
# conventions.sh <aqmlab> <check>. Help goes to stdout once with status 0;
# an unknown command or flag is one line on stderr naming it, status != 0.
set -u
aqmlab=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
# Runs aqmlab with the given arguments; stdout, stderr and status in $tmp.
run() { "$aqmlab" "$@" > "$tmp/out" 2> "$tmp/err"; echo $? > "$tmp/status"; }
status() { cat "$tmp/status"; }
count() { grep -c -- "$1" "$tmp/out"; }

case $2 in
help)
  # Every way of asking for the overview: stdout, once, status 0.
  for ask in --help -h help; do
    run $ask
    [ "$(status)" -eq 0 ] || fail "aqmlab $ask: status $(status)"
    [ ! -s "$tmp/err" ] || fail "aqmlab $ask wrote to stderr: $(cat "$tmp/err")"
    [ "$(count '^usage: aqmlab <command>')" -eq 1 ] || fail "aqmlab $ask: usage $(count '^usage:') times"
    for cmd in run aqms senders default-scenario sweep merge report bench; do
      [ "$(count "^  aqmlab $cmd\b")" -eq 1 ] || fail "aqmlab $ask does not list $cmd once"
    done
  done
  ;;
command_help)
  # aqmlab <command> --help | -h and aqmlab help <command>: that command's usage.
  for cmd in run aqms senders default-scenario sweep merge report bench; do
    for ask in "$cmd --help" "$cmd -h" "help $cmd"; do
      run $ask
      [ "$(status)" -eq 0 ] || fail "aqmlab $ask: status $(status)"
      [ "$(count "^usage: aqmlab $cmd\b")" -eq 1 ] || fail "aqmlab $ask: $(cat "$tmp/out")"
      [ "$(count '^usage:')" -eq 1 ] || fail "aqmlab $ask printed more than one usage"
      [ ! -s "$tmp/err" ] || fail "aqmlab $ask wrote to stderr"
    done
  done
  run run --help
  grep -q -- '--csv out.csv' "$tmp/out" || fail "run --help does not explain --csv"
  ;;
unknown_command)
  run frobnicate
  [ "$(status)" -ne 0 ] || fail "status 0"
  [ "$(wc -l < "$tmp/err")" -eq 1 ] || fail "stderr: $(cat "$tmp/err")"
  grep -q '^aqmlab: unknown command "frobnicate"' "$tmp/err" || fail "stderr: $(cat "$tmp/err")"
  [ ! -s "$tmp/out" ] || fail "wrote to stdout"
  run help frobnicate
  [ "$(status)" -ne 0 ] || fail "help frobnicate: status 0"
  grep -q 'unknown command "frobnicate"' "$tmp/err" || fail "help frobnicate: $(cat "$tmp/err")"
  ;;
unknown_flag)
  # Before anything is read: the files need not exist.
  for args in "run x.json --frob" "aqms --frob" "bench --quick --frob" "sweep x.json --frob" "sweep x.json --out y --frob" \
    "merge a.jsonl --frob" "report a.jsonl --csv --frob" "analyze x.json --frob" "default-scenario --frob"; do
    run $args
    [ "$(status)" -ne 0 ] || fail "aqmlab $args: status 0"
    [ "$(wc -l < "$tmp/err")" -eq 1 ] || fail "aqmlab $args: stderr $(cat "$tmp/err")"
    grep -q "^aqmlab ${args%% *}: unknown option \"--frob\" (allowed: " "$tmp/err" || fail "aqmlab $args: $(cat "$tmp/err")"
    [ ! -s "$tmp/out" ] || fail "aqmlab $args wrote to stdout"
  done
  ;;
bad_arguments)
  # A missing value, a missing file argument, an extra one: named, status 2.
  run run x.json --csv
  [ "$(status)" -eq 2 ] && grep -q '^aqmlab run: --csv: needs a value$' "$tmp/err" || fail "--csv: $(cat "$tmp/err")"
  run run
  [ "$(status)" -eq 2 ] && grep -q '^aqmlab run: expected <scenario.json>' "$tmp/err" || fail "no file: $(cat "$tmp/err")"
  run aqms extra
  [ "$(status)" -eq 2 ] && grep -q '^aqmlab aqms: expected no arguments (got 1 argument' "$tmp/err" \
    || fail "extra: $(cat "$tmp/err")"
  run bench --repeat 0
  [ "$(status)" -eq 2 ] && grep -q '^aqmlab bench: --repeat: must be an integer in \[1, 100\], got "0"$' "$tmp/err" \
    || fail "--repeat: $(cat "$tmp/err")"
  ;;
*) fail "no check $2" ;;
esac
echo "ok: $2"
