# Sourced by the cli check scripts (". common.sh" after setting $aqmlab and
# $here): a scratch folder $tmp, removed on exit, and the ways a check fails.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
expect_match() {  # text, extended regex, what
  grep -Eq -- "$2" <<<"$1" || fail "$3: expected /$2/, got: $(head -c 600 <<<"$1")"
}
# Runs aqmlab with the arguments after the third; its exit status must be
# the first and its stderr one line matching the second (extended regex).
expect_refusal() {  # status, regex, what, aqmlab arguments...
  local want=$1 regex=$2 what=$3 out status
  shift 3
  out=$("$aqmlab" "$@" 2>&1 >/dev/null); status=$?
  [ "$status" -eq "$want" ] || fail "$what: exit status $status, expected $want: $(head -c 600 <<<"$out")"
  [ "$(wc -l <<<"$out")" -eq 1 ] || fail "$what: expected one line on stderr, got: $(head -c 600 <<<"$out")"
  expect_match "$out" "$regex" "$what"
}
