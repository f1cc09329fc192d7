# Sourced by the cli check scripts (". common.sh" after setting $here): a
# scratch folder $tmp, removed on exit, and the two ways a check fails.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
expect_match() {  # text, extended regex, what
  grep -Eq -- "$2" <<<"$1" || fail "$3: expected /$2/, got: $(head -c 600 <<<"$1")"
}
