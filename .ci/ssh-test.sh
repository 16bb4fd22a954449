#!/usr/bin/env bash
# Multi-host check of rwrun -H over ssh, on one machine: a private sshd (its own host key, a
# client key made for this run, all under a temporary directory) listens on 127.0.0.2 and
# 127.0.0.3, and rwrun spreads 4 ranks over those two "hosts". Checks the ranks' placement,
# the Ring example, and that a failing remote rank ends the job with nothing left running.
# Needs root (sshd). Called by .ci/run after `mvn -B verify` (the jars must exist).
set -euo pipefail
cd "$(dirname "$0")/.."

port="${RANKWIRE_TEST_SSH_PORT:-2222}"
examples_cp='examples/target/rankwire-examples-0.1.0-SNAPSHOT.jar:examples/target/lib/*'
tests_cp='launcher/target/test-classes'

# Every rank JVM of this script carries this marker, so the leftover checks see only its own processes.
marker="-Drankwire.test.run=ssh-test-$$-$RANDOM"

say() { echo "ssh-test: $*"; }
fail() { echo "ssh-test: FAILED: $*" >&2; exit 1; }

if [ ! -x /usr/sbin/sshd ]; then
  say "installing openssh-server"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q openssh-server >/dev/null
fi
command -v ssh >/dev/null || fail "no ssh client"

work="$(mktemp -d /tmp/rankwire-ssh-test.XXXXXX)"
sshd_pid=""
cleanup() {
  if [ -n "$sshd_pid" ] && kill -0 "$sshd_pid" 2>/dev/null; then
    kill "$sshd_pid" 2>/dev/null || true
    timeout 10 tail --pid="$sshd_pid" -f /dev/null || kill -9 "$sshd_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' INT TERM

ssh-keygen -q -t ed25519 -N '' -C rankwire-test-host -f "$work/host_key"
ssh-keygen -q -t ed25519 -N '' -C rankwire-test-client -f "$work/client_key"
cp "$work/client_key.pub" "$work/authorized_keys"
chmod 600 "$work/authorized_keys"
mkdir -p /run/sshd
chmod 755 /run/sshd
cat > "$work/sshd_config" <<CONF
Port $port
ListenAddress 127.0.0.2
ListenAddress 127.0.0.3
HostKey $work/host_key
AuthorizedKeysFile $work/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PidFile $work/sshd.pid
MaxStartups 50:30:100
CONF
cat > "$work/ssh_config" <<CONF
Host *
  Port $port
  User $(id -un)
  IdentityFile $work/client_key
  IdentitiesOnly yes
  UserKnownHostsFile $work/known_hosts
  StrictHostKeyChecking accept-new
  BatchMode yes
  LogLevel ERROR
CONF

say "starting sshd on 127.0.0.2:$port and 127.0.0.3:$port"
/usr/sbin/sshd -D -e -f "$work/sshd_config" >"$work/sshd.log" 2>&1 &
sshd_pid=$!
ssh_cmd="ssh -F $work/ssh_config"
for host in 127.0.0.2 127.0.0.3; do
  timeout 30 bash -c "until $ssh_cmd $host true 2>/dev/null; do sleep 0.3; done" ||
    { cat "$work/sshd.log" >&2; fail "sshd on $host:$port did not accept the test key within 30s"; }
done
say "sshd is up"

all_gone() {
  # true once no process of this script's jobs is left (waits up to 15s: TERM, 3s grace, KILL)
  local i
  for i in $(seq 75); do
    pgrep -f -- "$marker" >/dev/null || return 0
    sleep 0.2
  done
  return 1
}

run() {
  # rwrun with the test's ssh; its output goes to $work/out, its exit code to $code
  set +e
  timeout 150 bin/rwrun --ssh "$ssh_cmd" -J-XX:TieredStopAtLevel=1 "-J$marker" "$@" >"$work/out" 2>&1
  code=$?
  set -e
  sed 's/^/    /' "$work/out"
}

say "1. placement: -H 127.0.0.2:2,127.0.0.3:2"
run -np 4 -H 127.0.0.2:2,127.0.0.3:2 --timeout 120s -cp "$tests_cp" io.rankwire.launch.PlaceMain
[ "$code" -eq 0 ] || fail "placement job exited $code (expected 0)"
for expected in "[0] rank 0 of 4 on 127.0.0.2" "[1] rank 1 of 4 on 127.0.0.2" \
                "[2] rank 2 of 4 on 127.0.0.3" "[3] rank 3 of 4 on 127.0.0.3"; do
  grep -qxF "$expected" "$work/out" || fail "missing line '$expected'"
done

say "2. the Ring example over TCP across both hosts, from a hostfile"
printf '# test hosts\n127.0.0.2 slots=2\n127.0.0.3 slots=2  # second\n' >"$work/hostfile"
run -np 4 --hostfile "$work/hostfile" --timeout 120s -cp "$examples_cp" io.rankwire.examples.Ring 3
[ "$code" -eq 0 ] || fail "Ring exited $code (expected 0)"
grep -qxF "[0] Ring OK: 4 ranks, 3 lap(s), sum=18" "$work/out" || fail "Ring did not report OK"

say "2b. the job secret is in no command line on this host: rwrun, ssh clients, sshd sessions, remote shells, ranks"
run -np 2 -H 127.0.0.2,127.0.0.3 --timeout 120s -cp "$tests_cp" io.rankwire.launch.SecretMain
[ "$code" -eq 0 ] || fail "secret job exited $code (expected 0)"
for r in 0 1; do
  grep -qxF "[$r] rank $r processes-holding-secret=[]" "$work/out" ||
    fail "rank $r found the job secret in a process's command line (or did not look)"
  grep -qxF "[$r] rank $r arguments-hold-secret=false" "$work/out" || fail "rank $r's ancestors hold the secret"
done

say "3. a failing remote rank ends the job and leaves nothing running"
run -np 4 -H 127.0.0.2:2,127.0.0.3:2 --timeout 120s -cp "$tests_cp" io.rankwire.launch.FailingMain
[ "$code" -eq 1 ] || fail "failing job exited $code (expected 1, rank 2's exit code)"
grep -q "rwrun: rank 2 (127.0.0.3) failed: exit code 1" "$work/out" || fail "rwrun did not name the failed rank"
grep -q "\[2\] .*IllegalStateException: rank 2 gives up" "$work/out" || fail "rank 2's error was not forwarded"
if ! all_gone; then
  pgrep -af -- "$marker" >&2 || true
  fail "ranks of the failed job are still running"
fi

say "4. the timeout ends remote ranks too"
run -np 2 -H 127.0.0.2,127.0.0.3 --timeout 3s -cp "$tests_cp" io.rankwire.launch.HangingMain
[ "$code" -eq 124 ] || fail "hanging job exited $code (expected 124)"
if ! all_gone; then
  pgrep -af -- "$marker" >&2 || true
  fail "ranks of the timed-out job are still running"
fi

say "5. rwrun killed with SIGKILL: the ssh sessions end and take the remote ranks with them"
bin/rwrun --ssh "$ssh_cmd" -J-XX:TieredStopAtLevel=1 "-J$marker" -np 2 -H 127.0.0.2,127.0.0.3 \
  -cp "$tests_cp" io.rankwire.launch.HangingMain >"$work/out" 2>&1 &
rwrun_pid=$!
timeout 60 bash -c "until [ \$(grep -c hanging '$work/out') -eq 2 ]; do sleep 0.2; done" ||
  { cat "$work/out" >&2; kill -9 "$rwrun_pid"; fail "the ranks did not start within 60s"; }
kill -9 "$rwrun_pid"
wait "$rwrun_pid" 2>/dev/null || true
sed 's/^/    /' "$work/out"
all_gone || { pgrep -af -- "$marker" >&2; fail "remote ranks outlived a killed rwrun"; }
pgrep -f -- "$ssh_cmd" >/dev/null && { pgrep -af -- "$ssh_cmd" >&2; fail "ssh sessions outlived a killed rwrun"; }

say "6. a rank that returns without closing Rankwire fails the job; its peers' waits fail naming it"
run -np 3 -H 127.0.0.2:2,127.0.0.3 --timeout 120s -x rankwire.bootstrapTimeout=600000 \
  -cp "$tests_cp" io.rankwire.launch.NotClosingMain
[ "$code" -eq 1 ] || fail "job with a rank that did not close exited $code (expected 1)"
grep -q "rwrun: rank 1 (127.0.0.2) exited without closing Rankwire" "$work/out" || fail "rwrun did not name rank 1"
for r in 0 2; do
  grep -qF "[$r] rank $r recv failed: receive (16 bytes) failed: PEER_FAILED (rank 1 failed)" "$work/out" ||
    fail "rank $r's receive from rank 1 did not fail naming it"
done
all_gone || { pgrep -af -- "$marker" >&2; fail "ranks of the failed job are still running"; }

say "7. rwrun killed with SIGKILL while Rankwire ranks wait: they end (ssh session and bootstrap membership)"
bin/rwrun --ssh "$ssh_cmd" -J-XX:TieredStopAtLevel=1 "-J$marker" -np 2 -H 127.0.0.2,127.0.0.3 \
  -cp "$tests_cp" io.rankwire.launch.OrphanMain >"$work/out" 2>&1 &
rwrun_pid=$!
timeout 60 bash -c "until [ \$(grep -c ' pid ' '$work/out') -eq 2 ]; do sleep 0.2; done" ||
  { cat "$work/out" >&2; kill -9 "$rwrun_pid"; fail "the ranks did not start within 60s"; }
kill -9 "$rwrun_pid"
wait "$rwrun_pid" 2>/dev/null || true
sed 's/^/    /' "$work/out"
all_gone || { pgrep -af -- "$marker" >&2; fail "remote Rankwire ranks outlived a killed rwrun"; }

say "all checks passed"
