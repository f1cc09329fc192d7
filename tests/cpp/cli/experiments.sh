#!/usr/bin/env bash
# The papers' figures as experiment presets (public/experiments/): every file
# the index lists passes the sweep parser (`aqmlab sweep --list`) with as many
# runs as the index says, and its first point runs for one seed with every
# side giving a summary. experiments.sh <aqmlab> <repository root>
set -u
aqmlab=$1
dir=$2/public/experiments
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"

# id and runs of every entry, one per line.
entries=$(node -e '
  const index = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  for (const e of index.experiments) console.log(`${e.id} ${e.runs}`);
' "$dir/index.json") || fail "index.json does not parse"
[ -n "$entries" ] || fail "index.json lists no experiment"

# Every file is listed (and nothing else is in the folder).
files=$(cd "$dir" && ls *.json | grep -v '^index.json$' | sed 's/\.json$//' | sort)
listed=$(cut -d' ' -f1 <<<"$entries" | sort)
[ "$files" = "$listed" ] || fail "index and files differ: files [$files], index [$listed]"

while read -r id runs; do
  list=$("$aqmlab" sweep "$dir/$id.json" --list 2>&1) || fail "$id: sweep --list refused it: $list"
  got=$(grep -c '"run"' <<<"$list")
  [ "$got" -eq "$runs" ] || fail "$id: $got runs listed, the index says $runs"
  # The first point, one seed: each axis keeps its first value.
  node -e '
    const fs = require("fs");
    const s = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
    const first = (a) => (a.values ? { path: a.path, values: [a.values[0]] } : { path: a.path, values: [a.range.from] });
    s.axes = s.axes.map(first);
    s.seeds = [1];
    fs.writeFileSync(process.argv[2], JSON.stringify(s));
  ' "$dir/$id.json" "$tmp/$id.json" || fail "$id: could not shorten"
  "$aqmlab" sweep "$tmp/$id.json" --index 0 --jobs 1 --quiet --out "$tmp/$id.jsonl" > "$tmp/$id.log" 2>&1 \
    || fail "$id: the first point failed: $(head -c 600 "$tmp/$id.log")"
  sides=$(node -e '
    const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    if (typeof s.base === "object") { console.log(s.base.sides.length); process.exit(0); }
    const p = JSON.parse(require("fs").readFileSync(process.argv[2] + "/" + s.base + ".json", "utf8"));
    console.log(p.sides.length);
  ' "$dir/$id.json" "$2/public/presets")
  lines=$(grep -c '"summary"' "$tmp/$id.jsonl")
  [ "$lines" -eq "$sides" ] || fail "$id: $lines sides with a summary, expected $sides: $(head -c 600 "$tmp/$id.jsonl")"
  echo "$id: $runs runs listed; the first point ran on $sides sides"
done <<<"$entries"
