# Sourced by the job-array tests on the one-node Slurm cluster
# (scripts/slurm-datagen.sh, scripts/slurm-spsa.sh): what they share.
#
#   slurm_test="Slurm datagen test"   # names the test in a skip
#   source scripts/slurm-jobs.sh
#   slurm_up datagen                  # sets $work, a fresh job folder
#
# `skip` says plainly that the test skipped and why, and exits 0 (1 with
# GORGON_REQUIRE_SLURM=1). `slurm_up NAME` starts the cluster
# (scripts/slurm-cluster.sh), skips when Slurm cannot be had (its exit
# status 3), stops the cluster when the script exits, exports SLURM_CONF,
# and makes `$work` = target/slurm/jobs/NAME-PID with a logs/ folder.

skip() {
    echo "skipped: ${slurm_test:-Slurm test}: $*"
    if [ "${GORGON_REQUIRE_SLURM:-}" = 1 ]; then
        exit 1
    fi
    exit 0
}

slurm_up() {
    local started status
    set +e
    started=$(scripts/slurm-cluster.sh start 2>&1)
    status=$?
    set -e
    [ $status = 3 ] && skip "$(echo "$started" | sed -n 's/^slurm-cluster: //p' | tail -1)"
    [ $status = 0 ] || {
        echo "$started" >&2
        scripts/slurm-cluster.sh stop || true
        echo "the Slurm cluster did not start" >&2
        exit 1
    }
    trap 'scripts/slurm-cluster.sh stop >/dev/null' EXIT
    eval "$(echo "$started" | grep '^export SLURM_CONF=')"
    echo "$started" | grep -v '^export' || true

    work=$(realpath -m "target/slurm/jobs/$1-$$")
    rm -rf "$work"
    mkdir -p "$work/logs"
}
