#!/usr/bin/env bash
# A sweep on a real Slurm: a one-node cluster on this machine (munge,
# slurmctld and slurmd from Debian's packages, every file in a scratch
# folder, ports of its own), the sweep submitted as docs/cluster/README.md
# tells a user, merged and reported, and compared byte for byte with one
# process running the whole sweep. Then the faults a cluster has: one array
# task cancelled mid-run (scancel), one whose process is killed (kill -9):
# merge names the missing runs and fails; those tasks resubmitted finish
# the sweep, and the report is again byte-identical.
#
#   bash tests/cluster/slurm-test.sh <aqmlab>
#
# Needs root (the daemons run as root here) and Debian's slurmctld, slurmd,
# slurm-client and munge (installed with apt-get when missing); without
# either it prints one line saying why and exits 0. It stops every daemon
# it started, by the PIDs it started.
set -u
aqmlab=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
sbatch_script=$repo/docs/cluster/sweep.sbatch
started=$(date +%s.%N)

skip() { echo "slurm-test: skipped: $*"; exit 0; }
[ "$(id -u)" -eq 0 ] || skip "not root (the test cluster's daemons run as root)"
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null ||
   ! command -v munged >/dev/null; then
  command -v apt-get >/dev/null || skip "Slurm is not installed and there is no apt-get"
  echo "slurm-test: installing slurmctld slurmd slurm-client munge (apt-get)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slurmctld slurmd slurm-client munge \
    > /tmp/slurm-test-apt.log 2>&1 || skip "apt-get could not install Slurm (see /tmp/slurm-test-apt.log)"
fi

tmp=$(mktemp -d)
chmod 700 "$tmp"
pids=()
# The processes holding files of this run's scratch folder: the job steps'
# daemons (slurmstepd) slurmd started for this run's jobs, which outlive it.
scratch_holders() {
  local fd pid
  for fd in /proc/[0-9]*/fd/*; do
    [[ "$(readlink "$fd" 2>/dev/null)" == "$tmp"/* ]] || continue
    pid=${fd#/proc/}
    echo "${pid%%/*}"
  done | sort -un | grep -vx "$$"
}
cleanup() {
  # The daemons this script started, newest first, by their PIDs; then
  # any job step daemon left holding this run's files (it ignores SIGTERM).
  for ((k = ${#pids[@]} - 1; k >= 0; k--)); do kill "${pids[k]}" 2>/dev/null; done
  for pid in $(scratch_holders); do kill -9 "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  done
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  for log in slurmctld slurmd; do [ -f "$tmp/$log.log" ] && { echo "--- $log.log (last lines)" >&2; tail -n 15 "$tmp/$log.log" >&2; }; done
  exit 1
}
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN {print b - a}'; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# --- the cluster -----------------------------------------------------------
cpus=$(nproc)
mem_mib=$(( $(awk '/^MemTotal/ {print $2}' /proc/meminfo) / 1024 * 8 / 10 ))
host=$(hostname -s)
mkdir -p "$tmp/ctld" "$tmp/spool" "$tmp/work/results"
head -c 1024 /dev/urandom > "$tmp/munge.key"
chmod 400 "$tmp/munge.key"
munged --foreground --force --socket="$tmp/munge.sock" --key-file="$tmp/munge.key" --pid-file="$tmp/munged.pid" \
  --log-file="$tmp/munged.log" --seed-file="$tmp/munged.seed" 2>"$tmp/munged.err" &
pids+=($!)
cat > "$tmp/slurm.conf" <<EOF
ClusterName=aqmlab-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge.sock
StateSaveLocation=$tmp/ctld
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SlurmdParameters=config_overrides
ReturnToService=2
MailProg=/bin/true
MpiDefault=none
MinJobAge=600
NodeName=aqmlab-node NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mib State=UNKNOWN
PartitionName=test Nodes=aqmlab-node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$tmp/slurm.conf
for _ in $(seq 50); do [ -S "$tmp/munge.sock" ] && break; sleep 0.1; done
[ -S "$tmp/munge.sock" ] || fail "munged did not start: $(cat "$tmp/munged.err" "$tmp/munged.log" 2>/dev/null | tail -3)"
slurmctld -D -c -f "$SLURM_CONF" > "$tmp/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N aqmlab-node -f "$SLURM_CONF" > "$tmp/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 150); do
  state=$(sinfo -h -n aqmlab-node -o %T 2>/dev/null)
  [ "$state" = idle ] && break
  sleep 0.2
done
[ "$state" = idle ] || fail "the node is not idle after 30 s (sinfo says: ${state:-nothing})"
echo "slurm-test: one-node cluster up: $cpus CPUs, $mem_mib MiB (slurmctld, slurmd, munged: PIDs ${pids[*]})"

# --- the sweep, as the docs tell a user ------------------------------------
# 4 points x 3 seeds, 2 sides; runs of about a second, so a task is mid-run
# for long enough to be cancelled or killed there.
cd "$tmp/work" || fail "cd"
cat > sweep.json <<'EOF'
{
  "base": {
    "duration_s": 120, "warmup_s": 5,
    "groups": [{"count": 20, "rtt_spread": "random", "start": "random"}],
    "sides": [{"name": "RED", "aqm": "red"}, {"name": "PIE", "aqm": "pie"}]
  },
  "axes": [
    {"path": "groups[0].count", "values": [10, 40]},
    {"path": "bottleneck.buffer_pkts", "values": [60, 200]}
  ],
  "seeds": 3,
  "metrics": ["mean_queue_pkts", "utilisation", "loss_ratio"]
}
EOF
tasks=4
runs=12
export AQMLAB=$aqmlab AQMLAB_OUT=$tmp/work/results
"$aqmlab" sweep sweep.json --out single.jsonl --quiet || fail "the single-process sweep"
"$aqmlab" report single.jsonl > single.report || fail "the single-process report"

# Step 1 of docs/cluster/README.md: the pilot gives the array's options.
options=$("$aqmlab" sweep sweep.json --estimate --tasks $tasks 2> estimate.err) || fail "--estimate: $(cat estimate.err)"
[[ "$options" =~ ^--array=0-3\ --cpus-per-task=1\ --time=[0-9:-]+\ --mem=[0-9]+M$ ]] || fail "--estimate printed: $options"
echo "slurm-test: the pilot asks: $options"

# Submits the array (options, then the script, the sweep and its shard
# count) and waits for every task to leave the queue; prints the job id.
submit() {
  local job
  # shellcheck disable=SC2086
  job=$(sbatch --parsable "$@" "$sbatch_script" sweep.json $tasks) || fail "sbatch $*"
  echo "${job%%;*}"
}
wait_job() {  # job id, seconds
  for _ in $(seq $(($2 * 5))); do
    [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
    sleep 0.2
  done
  fail "job $1 still queued or running after $2 s: $(squeue -j "$1")"
}
task_states() {  # job id -> "index state" lines
  scontrol -o show job "$1" | sed -n 's/.*ArrayTaskId=\([0-9]*\) .*JobState=\([A-Z_]*\) .*/\1 \2/p' | sort -n
}
merge_and_compare() {  # what
  "$aqmlab" merge results/part-*.jsonl --sweep sweep.json --out merged.jsonl || fail "$1: merge --sweep"
  "$aqmlab" report merged.jsonl > cluster.report || fail "$1: report"
  cmp -s cluster.report single.report || fail "$1: the report differs from the single process's"
}

t0=$(date +%s.%N)
# shellcheck disable=SC2086
job=$(submit $options)
wait_job "$job" 110
t1=$(date +%s.%N)
states=$(task_states "$job" | awk '{print $2}' | sort | uniq -c | tr -s ' ' | tr '\n' ';')
[ "$states" = " 4 COMPLETED;" ] || fail "array tasks: $states ($(task_states "$job" | tr '\n' ' '))"
[ "$(ls results/part-*.jsonl | wc -l)" -eq $tasks ] || fail "expected $tasks part files: $(ls results)"
merge_and_compare "the array"
printf 'slurm-test: %d array tasks, %d runs x 2 sides, %.1f s from sbatch to the last task; merged report byte-identical to one process\n' \
  $tasks $runs "$(elapsed "$t0" "$t1")"

# --- faults: a task cancelled and a task killed, mid-run -------------------
rm -rf results merged.jsonl cluster.report
mkdir results
# shellcheck disable=SC2086
job=$(submit $options)
# Mid-run: once a task has written its first run (2 lines) and not its last.
mid_run() {  # task index
  local f=results/part-$1.jsonl n
  for _ in $(seq 1500); do
    n=$(cat "$f" 2>/dev/null | wc -l)
    [ "$n" -ge 2 ] && [ "$n" -lt 6 ] && return 0
    [ "$n" -ge 6 ] && fail "task $1 ended before it could be interrupted (runs too short for this machine)"
    sleep 0.02
  done
  fail "task $1 wrote no run within 30 s"
}
mid_run 1
scancel "${job}_1" || fail "scancel ${job}_1"
mid_run 2
# Task 2's own process, as Slurm started it (the batch step's PIDs).
task2=$(squeue -h -r -j "$job" -o '%i %A' | awk -v t="${job}_2" '$1 == t {print $2}')
[ -n "$task2" ] || fail "task 2 is not running"
victim=
for pid in $(scontrol listpids "$task2" 2>/dev/null | awk 'NR > 1 {print $1}'); do
  [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$aqmlab" ] && victim=$pid
done
[ -n "$victim" ] || fail "no aqmlab process among task 2's ($(scontrol listpids "$task2" 2>&1 | tr '\n' ' '))"
kill -9 "$victim"
wait_job "$job" 110
states=$(task_states "$job" | tr '\n' ' ')
[[ "$states" =~ ^0\ COMPLETED\ 1\ CANCELLED\ 2\ (FAILED|CANCELLED)\ 3\ COMPLETED\ $ ]] || fail "task states: $states"
out=$("$aqmlab" merge results/part-*.jsonl --sweep sweep.json --out merged.jsonl 2>&1); status=$?
[ $status -eq 1 ] || fail "merge of an incomplete sweep: status $status: $out"
[[ "$out" =~ ^aqmlab\ merge:\ ([0-9]+)\ of\ 12\ runs\ of\ sweep.json\ are\ missing\ or\ lack\ a\ side:\ ([0-9, ]+)\ \( ]] ||
  fail "merge's message: $out"
missing=${BASH_REMATCH[2]}
for run in ${missing//,/ }; do
  [ "$run" -ge 3 ] && [ "$run" -le 8 ] || fail "run $run is missing, outside tasks 1 and 2 (runs 3 to 8): $out"
done
echo "slurm-test: task 1 cancelled, task 2 killed (kill -9 $victim) mid-run: merge exits 1 naming runs $missing"

# The failed tasks, as scontrol lists them, submitted again: --resume keeps
# what their files hold.
failed=$(task_states "$job" | awk '$2 != "COMPLETED" {print $1}' | paste -sd,)
[ "$failed" = "1,2" ] || fail "failed tasks: $failed"
t0=$(date +%s.%N)
job=$(submit $(sed "s/--array=[^ ]*/--array=$failed/" <<<"$options"))
wait_job "$job" 110
t1=$(date +%s.%N)
states=$(task_states "$job" | tr '\n' ' ')
[ "$states" = "1 COMPLETED 2 COMPLETED " ] || fail "resubmitted task states: $states"
merge_and_compare "after the resubmission"
printf 'slurm-test: tasks %s resubmitted with --resume: done in %.1f s; merged report byte-identical again\n' \
  "$failed" "$(elapsed "$t0" "$t1")"
printf 'slurm-test: passed in %.0f s\n' "$(elapsed "$started" "$(date +%s.%N)")"
