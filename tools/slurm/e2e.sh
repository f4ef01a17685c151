#!/usr/bin/env bash
# End-to-end test of table builds on Slurm, on the machine it runs on:
#
#  1. installs Debian's slurm-wlm and munge where missing (it skips, saying
#     so, where they cannot be installed);
#  2. sets up a single-node cluster in a scratch directory (its own
#     slurm.conf for this host, its own ports, a munge key if there is none)
#     and starts munged, slurmctld and slurmd;
#  3. submits the plan of every class up to 5 pieces with
#     "geister build --submit slurm", one job a class, each after the jobs
#     of the classes it reads; the first attempt of one job is made to
#     fail, so the job's retry and its dependants' wait are exercised;
#  4. waits for the jobs, checks "geister tables status", merges the class
#     stores, and compares them entry by entry with a local build.
#
# Usage: tools/slurm/e2e.sh [PIECES]   (default 5; run as root)
# Leaves nothing running; the scratch directory is removed at the end
# (KEEP=1 keeps it).
set -euo pipefail
cd "$(dirname "$0")/../.."
pieces=${1:-5}

say() { printf 'slurm e2e: %s\n' "$*"; }

if ! command -v sbatch >/dev/null 2>&1 || ! command -v slurmctld >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1 ||
    ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null; }; then
    say "SKIPPED: slurm-wlm and munge are not installed and cannot be installed here (needs root and apt-get)"
    exit 0
  fi
fi

work=$(mktemp -d /tmp/geister-slurm.XXXXXX)
host=$(hostname -s)
pids=()
cleanup() {
  set +e
  if [ -n "${SLURM_CONF:-}" ]; then
    scancel --name-prefix=geister- >/dev/null 2>&1 # none left if all went well
  fi
  for f in "$work"/slurmd.pid "$work"/slurmctld.pid; do
    [ -s "$f" ] && kill "$(cat "$f")" 2>/dev/null
  done
  [ -n "${munge_pid:-}" ] && kill "$munge_pid" 2>/dev/null
  sleep 1
  [ "${KEEP:-0}" = 1 ] && say "kept $work" || rm -rf "$work"
}
trap cleanup EXIT

# munge: the machine's daemon if one runs, else our own on our own socket.
export MUNGE_SOCKET=/run/munge/munge.socket.2
if ! munge -n >/dev/null 2>&1; then
  mkdir -p "$work/munge"
  key=/etc/munge/munge.key
  if [ ! -s "$key" ]; then
    key="$work/munge/munge.key"
    dd if=/dev/urandom of="$key" bs=1024 count=1 status=none
  fi
  cp "$key" "$work/munge/key"
  chmod 700 "$work/munge"
  chmod 400 "$work/munge/key"
  MUNGE_SOCKET="$work/munge/socket"
  munged --force --key-file="$work/munge/key" --socket="$MUNGE_SOCKET" \
    --pid-file="$work/munge/pid" --log-file="$work/munge/log" --seed-file="$work/munge/seed"
  munge_pid=$(cat "$work/munge/pid")
fi

# slurm.conf for this host alone.
mem_mb=$(awk '/MemTotal/ {print int($2/1024/2)}' /proc/meminfo) # half the machine for the jobs
cpus=$(nproc)
mkdir -p "$work/state" "$work/spool" "$work/shared"
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=geister
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$MUNGE_SOCKET
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
NodeName=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -i
slurmd
for _ in $(seq 60); do
  sinfo -h -o %T 2>/dev/null | grep -Eq '^(idle|mixed|allocated)' && break
  sleep 1
done
sinfo -h -o '%T' | grep -Eq '^(idle|mixed|allocated)' || { say "the node did not come up"; cat "$work"/slurm*.log; exit 1; }
say "single-node Slurm up on $host ($cpus cores, $mem_mb MB for jobs)"

# The command the nodes run: geister behind a wrapper whose first attempt
# at the class 1B1R-3U2r fails (a crash stand-in).
go build -o "$work/bin/geister" ./cmd/geister
cat >"$work/bin/flaky" <<EOF
#!/bin/sh
case " \$* " in *" --class 1B1R-3U2r "*)
  if [ ! -e "$work/failed-once" ]; then touch "$work/failed-once"; echo "flaky: failing on purpose" >&2; exit 3; fi ;;
esac
exec "$work/bin/geister" "\$@"
EOF
chmod +x "$work/bin/flaky"

start=$(date +%s)
"$work/bin/geister" build --submit slurm --pieces "$pieces" --shared "$work/shared" --threads 1 --command "$work/bin/flaky"
for _ in $(seq 900); do # this cluster runs only our jobs
  [ -z "$(squeue -h 2>/dev/null)" ] && break
  sleep 2
done
"$work/bin/geister" tables status --shared "$work/shared"
if "$work/bin/geister" tables status --shared "$work/shared" --json | grep -q '"state":"\(waiting\|stopped\|building\)"'; then
  say "FAIL: not every class is complete"
  tail -n 20 "$work"/shared/logs/*.out
  exit 1
fi
[ -e "$work/failed-once" ] || { say "FAIL: the flaky attempt never ran"; exit 1; }
grep -l "failing on purpose" "$work"/shared/logs/1B1R-3U2r-*.out >/dev/null || { say "FAIL: no log of the failed attempt"; exit 1; }
say "all jobs done in $(($(date +%s) - start)) s (one attempt failed and was retried)"

"$work/bin/geister" tables merge --out "$work/merged" "$work"/shared/*-*/
"$work/bin/geister" build --pieces "$pieces" --table "$work/local" --quiet >/dev/null
"$work/bin/geister" tables compare "$work/local" "$work/merged"
"$work/bin/geister" tables compare "$work/merged" "$work/local"
say "PASS: the Slurm build equals the local build"
