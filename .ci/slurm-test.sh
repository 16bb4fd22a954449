#!/usr/bin/env bash
# Slurm check on one machine: installs slurm-wlm and munge when missing, starts munged (unless
# one runs already), and a private one-node cluster (slurmctld + slurmd with their own
# configuration, ports, state and logs under a temporary directory, so a Slurm installation on
# the machine is left alone), then runs 4-rank jobs both ways:
#   salloc -n 4 bin/rwrun -np 4 ...        (rwrun starts the ranks through srun)
#   srun -n 4 --overcommit java ... Main   (no rwrun: the ranks meet through the rendezvous file)
# and checks output, exit codes, failure, timeout and that nothing is left running. Stops what
# it started. Needs root. Called by .ci/run after `mvn -B verify` (the jars must exist).
set -euo pipefail
cd "$(dirname "$0")/.."

ctld_port="${RANKWIRE_TEST_SLURMCTLD_PORT:-6917}"
slurmd_port="${RANKWIRE_TEST_SLURMD_PORT:-6918}"
examples_cp='examples/target/rankwire-examples-0.1.0-SNAPSHOT.jar:examples/target/lib/*'
tests_cp='launcher/target/test-classes'
lib_cp='dist/target/rankwire/lib/*'
java_opts=(--add-exports java.base/jdk.internal.misc=ALL-UNNAMED -XX:TieredStopAtLevel=1)
# Every rank JVM of this script carries this marker, so the leftover checks see only its own processes.
marker="-Drankwire.test.run=slurm-test-$$-$RANDOM"

say() { echo "slurm-test: $*"; }
fail() { echo "slurm-test: FAILED: $*" >&2; exit 1; }

if [ ! -x /usr/sbin/slurmctld ] || [ ! -x /usr/sbin/slurmd ] || [ ! -x /usr/sbin/munged ]; then
  say "installing slurm-wlm and munge"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null
fi

work="$(mktemp -d /tmp/rankwire-slurm-test.XXXXXX)"
chmod 755 "$work"
started=()   # pids of the daemons this script started
stop_all() {
  local pid
  for pid in "${started[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${started[@]}"; do
    timeout 15 tail --pid="$pid" -f /dev/null 2>/dev/null || kill -9 "$pid" 2>/dev/null || true
  done
  started=()
}
cleanup() {
  local code=$?
  if [ "$code" -ne 0 ]; then
    for log in slurmctld.log slurmd.log; do
      [ -f "$work/$log" ] && { echo "--- $log (last lines)" >&2; tail -n 20 "$work/$log" >&2; }
    done
  fi
  stop_all
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' INT TERM

# munge: a key, then munged as the munge user (a running munged is used as it is)
if [ ! -s /etc/munge/munge.key ]; then
  say "creating the munge key"
  if command -v mungekey >/dev/null; then mungekey --create --keyfile=/etc/munge/munge.key; else create-munge-key -f; fi
  chown munge:munge /etc/munge/munge.key
  chmod 400 /etc/munge/munge.key
fi
if ! pgrep -x munged >/dev/null; then
  say "starting munged"
  install -d -o munge -g munge -m 755 /run/munge
  install -d -o munge -g munge -m 700 /var/lib/munge /var/log/munge
  rm -f /run/munge/munged.pid
  # --force: start even if a munged killed hard left its socket behind
  runuser -u munge -- /usr/sbin/munged --force
  timeout 10 bash -c 'until [ -s /run/munge/munged.pid ]; do sleep 0.1; done' || fail "munged did not start"
  started+=("$(cat /run/munge/munged.pid)")
fi
timeout 10 bash -c 'until munge -n </dev/null | unmunge >/dev/null 2>&1; do sleep 0.2; done' ||
  fail "munge does not work (munge -n | unmunge)"

node="$(hostname -s)"
mkdir -p "$work/state" "$work/spool"
cat > "$work/slurm.conf" <<CONF
ClusterName=rankwire-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
# the node claims 4 CPUs even on a smaller machine: slurmd must not drain it for that
SlurmdParameters=config_overrides
KillWait=5
NodeName=$node NodeAddr=127.0.0.1 CPUs=4 State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
printf 'CgroupPlugin=cgroup/v1\n' > "$work/cgroup.conf"
export SLURM_CONF="$work/slurm.conf"

say "starting slurmctld (port $ctld_port) and slurmd (port $slurmd_port) for node $node"
/usr/sbin/slurmctld -D -i -f "$SLURM_CONF" >"$work/slurmctld.out" 2>&1 &
started+=("$!")
/usr/sbin/slurmd -D -N "$node" -f "$SLURM_CONF" >"$work/slurmd.out" 2>&1 &
started+=("$!")
if ! timeout 60 bash -c "until sinfo -h -n '$node' -o %t 2>/dev/null | grep -qx idle; do sleep 0.5; done"; then
  cat "$work/slurmctld.out" "$work/slurmd.out" >&2
  sinfo >&2 || true
  fail "node $node did not become idle within 60s"
fi
say "node $node is idle"

all_gone() {
  # true once no process of this script's jobs is left (waits up to 20s)
  local i
  for i in $(seq 100); do
    pgrep -f -- "$marker" >/dev/null || return 0
    sleep 0.2
  done
  return 1
}

run() {
  # a command with its output in $work/out (also shown) and its exit code in $code
  set +e
  timeout 180 "$@" >"$work/out" 2>&1
  code=$?
  set -e
  sed 's/^/    /' "$work/out"
}

rwrun_in_allocation() {
  # $1: the tasks of the allocation; then rwrun's arguments
  local tasks="$1"
  shift
  run salloc -n "$tasks" -t 5 bin/rwrun -J-XX:TieredStopAtLevel=1 "-J$marker" "$@"
}

say "1. salloc -n 2 rwrun -np 4: ranks are the tasks of one srun step (overcommitted)"
rwrun_in_allocation 2 -np 4 --timeout 120s -cp "$tests_cp" io.rankwire.launch.PlaceMain
[ "$code" -eq 0 ] || fail "job exited $code (expected 0)"
for r in 0 1 2 3; do
  grep -qxF "[$r] rank $r of 4 on slurm task $r" "$work/out" || fail "missing line '[$r] rank $r of 4 on slurm task $r'"
done

say "2. salloc -n 4 rwrun -np 4 Ring (TCP)"
rwrun_in_allocation 4 -np 4 --timeout 120s -cp "$examples_cp" io.rankwire.examples.Ring 2
[ "$code" -eq 0 ] || fail "Ring exited $code (expected 0)"
grep -qxF "[0] Ring OK: 4 ranks, 2 lap(s), sum=12" "$work/out" || fail "Ring did not report OK"

say "2b. the job secret is in no command line (rwrun, srun, slurmstepd, ranks)"
rwrun_in_allocation 2 -np 2 --timeout 120s -cp "$tests_cp" io.rankwire.launch.SecretMain
[ "$code" -eq 0 ] || fail "secret job exited $code (expected 0)"
for r in 0 1; do
  grep -qxF "[$r] rank $r processes-holding-secret=[]" "$work/out" ||
    fail "rank $r found the job secret in a process's command line (or did not look)"
done

say "3. srun -n 4 --overcommit java ... Ring, without rwrun"
run srun -n 4 --overcommit --kill-on-bad-exit=1 --label \
  java "${java_opts[@]}" "$marker" -cp "$examples_cp:$lib_cp" io.rankwire.examples.Ring 2
[ "$code" -eq 0 ] || fail "srun Ring exited $code (expected 0)"
grep -qE "^ *0: Ring OK: 4 ranks, 2 lap\(s\), sum=12$" "$work/out" || fail "srun Ring did not report OK"

say "4. a failing rank under salloc rwrun ends the step; nothing is left"
rwrun_in_allocation 4 -np 4 --timeout 120s -cp "$tests_cp" io.rankwire.launch.FailingMain
[ "$code" -eq 1 ] || fail "failing job exited $code (expected 1, rank 2's exit code)"
grep -q "rwrun: the first rank to fail was rank 2 (.*): exit code 1" "$work/out" || fail "rwrun did not name the failed rank"
grep -q "\[2\] .*IllegalStateException: rank 2 gives up" "$work/out" || fail "rank 2's error was not forwarded"
all_gone || { pgrep -af -- "$marker" >&2; fail "ranks of the failed job are still running"; }

say "5. the timeout ends the srun step"
rwrun_in_allocation 2 -np 2 --timeout 3s -cp "$tests_cp" io.rankwire.launch.HangingMain
[ "$code" -eq 124 ] || fail "hanging job exited $code (expected 124)"
all_gone || { pgrep -af -- "$marker" >&2; fail "ranks of the timed-out job are still running"; }
[ -z "$(squeue -h -o %i)" ] || { squeue >&2; fail "jobs are still queued or running"; }

say "5b. a rank that returns without closing Rankwire fails the srun step; its peers' waits fail naming it"
rwrun_in_allocation 3 -np 3 --timeout 120s -x rankwire.bootstrapTimeout=600000 \
  -cp "$tests_cp" io.rankwire.launch.NotClosingMain
[ "$code" -eq 1 ] || fail "job with a rank that did not close exited $code (expected 1)"
grep -q "rwrun: rank 1 exited without closing Rankwire" "$work/out" || fail "rwrun did not name rank 1"
grep -qF "rank 0 recv failed: receive (16 bytes) failed: PEER_FAILED (rank 1 failed)" "$work/out" ||
  fail "rank 0's receive from rank 1 did not fail naming it"
all_gone || { pgrep -af -- "$marker" >&2; fail "ranks of the failed job are still running"; }
[ -z "$(squeue -h -o %i)" ] || { squeue >&2; fail "jobs are still queued or running"; }

# (their own message goes nowhere: rwrun, which wrote the output, is gone; salloc also ends the step
# once its command has ended)
say "5c. rwrun killed with SIGKILL inside an allocation: srun's tasks lose rwrun's bootstrap service and end"
salloc -n 2 -t 5 bin/rwrun -J-XX:TieredStopAtLevel=1 "-J$marker" -np 2 -cp "$tests_cp" \
  io.rankwire.launch.OrphanMain >"$work/out" 2>&1 &
salloc_pid=$!
timeout 60 bash -c "until [ \$(grep -c ' pid ' '$work/out') -eq 2 ]; do sleep 0.2; done" ||
  { cat "$work/out" >&2; kill "$salloc_pid"; fail "the ranks did not start within 60s"; }
rwrun_java="$(pgrep -f -- "io.rankwire.launch.Rwrun .*$marker" | head -1)"
[ -n "$rwrun_java" ] || fail "no rwrun process found"
kill -9 "$rwrun_java"
timeout 60 tail --pid="$salloc_pid" -f /dev/null || { kill "$salloc_pid"; fail "salloc did not end after rwrun was killed"; }
sed 's/^/    /' "$work/out"
all_gone || { pgrep -af -- "$marker" >&2; fail "srun tasks outlived a killed rwrun"; }
[ -z "$(squeue -h -o %i)" ] || { squeue >&2; fail "jobs are still queued or running"; }

say "6. sbatch --wait: rwrun in a batch script"
cat > "$work/job.sh" <<JOB
#!/usr/bin/env bash
echo "batch script: SLURM_STEP_ID=\${SLURM_STEP_ID:-unset} SLURM_PROCID=\${SLURM_PROCID:-unset}"
exec bin/rwrun -J-XX:TieredStopAtLevel=1 "-J$marker" -np 4 --timeout 120s -cp "$tests_cp" io.rankwire.launch.PlaceMain
JOB
run sbatch --wait -n 4 -t 5 -D "$PWD" -o "$work/job.out" "$work/job.sh"
sed 's/^/    /' "$work/job.out"
[ "$code" -eq 0 ] || fail "sbatch --wait exited $code (expected 0)"
for r in 0 1 2 3; do
  grep -qxF "[$r] rank $r of 4 on slurm task $r" "$work/job.out" || fail "batch job: missing rank $r's line"
done

say "all checks passed; stopping the daemons"
stop_all
say "stopped"
