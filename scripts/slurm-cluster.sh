#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for trying the job-array recipes
# of docs/SHARDING.md and docs/DATAGEN.md for real: its own munged (key made
# here), slurmctld and slurmd, with every file (config, key, state, logs,
# pid files, sockets) under $GORGON_SLURM_DIR (default target/slurm), the
# node addressed as 127.0.0.1, 2 CPUs. Nothing in /etc is changed.
#
# Usage: scripts/slurm-cluster.sh start|stop|status
#   start   installs slurm-wlm and munge with apt-get when missing (needs
#           root), writes the config, starts the daemons and waits for the
#           node to be idle. Prints `export SLURM_CONF=...` for sbatch.
#   stop    stops the daemons this script started (by their pid files).
#   status  sinfo and squeue of the cluster.
# Exit status 3 from start: Slurm cannot be had here (not root, no apt-get,
# apt-get failed); the reason is printed, for callers that skip.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(realpath -m "${GORGON_SLURM_DIR:-target/slurm}")
# Ports off Slurm's defaults (6817/6818), so a real Slurm on the machine
# is left alone.
ctld_port=${GORGON_SLURM_PORT:-16817}
slurmd_port=$((ctld_port + 1))
export SLURM_CONF="$dir/slurm.conf"

unavailable() {
    echo "slurm-cluster: $*" >&2
    exit 3
}

install() {
    if command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v munged >/dev/null &&
        command -v sbatch >/dev/null; then
        return
    fi
    [ "$(id -u)" = 0 ] || unavailable "Slurm is not installed, and installing it (apt-get install slurm-wlm munge) needs root"
    command -v apt-get >/dev/null || unavailable "Slurm is not installed and there is no apt-get to install it"
    echo "== installing slurm-wlm and munge (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null; } ||
        unavailable "apt-get could not install slurm-wlm and munge"
}

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

write_config() {
    mkdir -p "$dir/state" "$dir/spool" "$dir/munge" "$dir/jobs"
    chmod 700 "$dir/munge"
    if [ ! -f "$dir/munge/munge.key" ]; then
        # A key for this cluster alone (munged wants it private).
        dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
        chmod 400 "$dir/munge/munge.key"
    fi
    local user
    user=$(id -un)
    cat >"$dir/slurm.conf" <<EOF
# Written by scripts/slurm-cluster.sh: a one-node cluster on 127.0.0.1.
ClusterName=gorgon
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
NodeName=gorgon NodeHostname=$(hostname) NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=local Nodes=gorgon Default=YES MaxTime=INFINITE State=UP
EOF
}

start() {
    install
    write_config
    if ! alive "$dir/munge/munged.pid"; then
        # --force: munged refuses to run as root otherwise.
        munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
            --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
            --seed-file="$dir/munge/munged.seed"
    fi
    alive "$dir/slurmctld.pid" || slurmctld -i
    alive "$dir/slurmd.pid" || slurmd -N gorgon
    for _ in $(seq 60); do
        if sinfo -h -n gorgon -o %t 2>/dev/null | grep -qx idle; then
            echo "== Slurm up (SLURM_CONF=$SLURM_CONF)"
            echo "export SLURM_CONF=$SLURM_CONF"
            return
        fi
        sleep 1
    done
    echo "slurm-cluster: the node did not become idle within 60 s; logs in $dir" >&2
    tail -5 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
    return 1
}

stop_one() {
    local pidfile=$1
    if alive "$pidfile"; then
        local pid
        pid=$(cat "$pidfile")
        kill "$pid"
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.2
        done
        kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    fi
    rm -f "$pidfile"
}

stop() {
    # The jobs' processes end with slurmd; the daemons by their pid files
    # only (never by name: another cluster may be running).
    if alive "$dir/slurmctld.pid"; then
        scancel --quiet --user="$(id -un)" 2>/dev/null || true
    fi
    stop_one "$dir/slurmd.pid"
    stop_one "$dir/slurmctld.pid"
    stop_one "$dir/munge/munged.pid"
    echo "== Slurm stopped"
}

status() {
    alive "$dir/slurmctld.pid" || {
        echo "not running"
        return 1
    }
    sinfo
    squeue
}

case "${1:-}" in
start) start ;;
stop) stop ;;
status) status ;;
*)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
