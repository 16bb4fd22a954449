#!/usr/bin/env bash
# Multi-host checks on a bed of network namespaces (.ci/netns-bed.sh): 4 hosts, each with its own
# address, host name and sshd, links of 1 Gbit/s, 2 slots each; rwrun runs on the first host and
# starts 8 ranks over ssh, which talk TCP between the hosts' addresses. Checks:
#   1. placement: ranks 0-1 on host 1, 2-3 on host 2, ... (the address each ssh session reached)
#   2. the point-to-point scenarios across hosts
#   3. collectives with the job's default algorithms (the launcher says the job spans 4 hosts)
#   (jobs 1-3 end well, and no rank of them logs a warning)
#   4. a host whose link is 10x slower (100 Mbit/s): the same job completes
#   5. a host's link cut mid-job: the job fails within 60 s, an error names a rank of that host,
#      and nothing of the job is left running on any host
# Needs root; installs iproute2 and openssh-server when missing. Called by .ci/run after
# `mvn -B verify` (the jars must exist). The bed is removed on exit, also on failure.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != --inside ]; then
  if ! command -v ip >/dev/null || ! command -v tc >/dev/null; then
    echo "netns-test: installing iproute2"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q iproute2 >/dev/null
  fi
  if [ ! -x /usr/sbin/sshd ]; then
    echo "netns-test: installing openssh-server"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q openssh-server >/dev/null
  fi
  # a prefix of its own, so a bed someone else has up on this machine is left alone
  exec .ci/netns-bed.sh run --hosts 4 --slots 2 --rate 1gbit --prefix "ci$(( $$ % 100000 ))" -- "$0" --inside
fi

tests_cp='launcher/target/test-classes'
# Every rank JVM of this script carries this marker, so the leftover checks see only its own processes.
marker="-Drankwire.test.run=netns-test-$$-$RANDOM"
bed=("$NETNS_BED_SELF")
hosts=($NETNS_BED_HOSTS)
work="$(mktemp -d /tmp/rankwire-netns-test.XXXXXX)"
trap 'rm -rf "$work"' EXIT

say() { echo "netns-test: [${SECONDS}s] $*"; }
fail() { echo "netns-test: FAILED: $*" >&2; exit 1; }

all_gone() {
  # true once no process of this script's jobs is left on any host (waits up to $1 seconds)
  local i
  for i in $(seq $(($1 * 5))); do
    pgrep -f -- "$marker" >/dev/null || return 0
    sleep 0.2
  done
  return 1
}

no_warnings() {
  # a job that ends well logs no warning on any rank ($1: which job)
  ! grep -q 'WARNING' "$work/out" || fail "$1 logged a warning (expected none from a job that ends well): $(grep -m 3 WARNING "$work/out")"
}

run() {
  # rwrun on the first host with the bed's hostfile; output in $work/out (also shown), exit code in $code
  set +e
  timeout 200 "${bed[@]}" exec --prefix "$NETNS_BED_PREFIX" 1 -- bin/rwrun -J-XX:TieredStopAtLevel=1 "-J$marker" \
    --hostfile "$NETNS_BED_HOSTFILE" --timeout 150s "$@" >"$work/out" 2>&1
  code=$?
  set -e
  sed 's/^/    /' "$work/out"
}

say "bed: ${hosts[*]} ($NETNS_BED_HOSTFILE)"

say "1. placement: 8 ranks, 2 per host"
run -np 8 -cp "$tests_cp" io.rankwire.launch.PlaceMain
[ "$code" -eq 0 ] || fail "placement job exited $code (expected 0)"
for r in 0 1 2 3 4 5 6 7; do
  address="$(awk -v h="${hosts[$((r / 2))]}" '$2 == h {print $1}' "/etc/netns/${hosts[0]}/hosts")"
  grep -qxF "[$r] rank $r of 8 on $address" "$work/out" || fail "missing line '[$r] rank $r of 8 on $address'"
done
no_warnings "the placement job"

say "2. point-to-point scenarios across hosts"
run -np 8 -cp "$tests_cp" io.rankwire.launch.tcp.ScenariosMain
[ "$code" -eq 0 ] || fail "scenarios exited $code (expected 0)"
[ "$(grep -c ' PASS$' "$work/out")" -eq 48 ] || fail "expected 6 scenarios x 8 ranks PASS"
no_warnings "the scenarios job"

say "3. collectives with the multi-host defaults"
run -np 8 -cp "$tests_cp" io.rankwire.launch.tcp.CollectivesMain check
[ "$code" -eq 0 ] || fail "collectives exited $code (expected 0)"
for r in 0 1 2 3 4 5 6 7; do
  grep -qxF "[$r] collectives rank $r of 8 PASS (hosts 4)" "$work/out" || fail "rank $r did not pass with hosts 4"
done
no_warnings "the collectives job"
fast="$(sed -n 's/^\[0\] collectives took \([0-9]*\) ms$/\1/p' "$work/out")"

say "4. host ${hosts[2]}'s link 10x slower (100 Mbit/s): the job completes"
"${bed[@]}" shape --prefix "$NETNS_BED_PREFIX" 3 100mbit
run -np 8 -cp "$tests_cp" io.rankwire.launch.tcp.CollectivesMain check
"${bed[@]}" shape --prefix "$NETNS_BED_PREFIX" 3 1gbit
[ "$code" -eq 0 ] || fail "the job with a slow host exited $code (expected 0)"
[ "$(grep -c ' PASS (hosts 4)$' "$work/out")" -eq 8 ] || fail "expected 8 ranks PASS with a slow host"
slow="$(sed -n 's/^\[0\] collectives took \([0-9]*\) ms$/\1/p' "$work/out")"
say "   collectives took $slow ms with the slow host, $fast ms without"

say "5. host ${hosts[2]}'s link cut mid-job: the job fails promptly and names the lost ranks"
set +e
timeout 200 "${bed[@]}" exec --prefix "$NETNS_BED_PREFIX" 1 -- bin/rwrun -J-XX:TieredStopAtLevel=1 "-J$marker" \
  --hostfile "$NETNS_BED_HOSTFILE" --timeout 150s -np 8 -cp "$tests_cp" io.rankwire.launch.tcp.CollectivesMain loop 120 \
  >"$work/out" 2>&1 &
job=$!
set -e
# rank 0 prints a round about every second, so the round numbers it prints depend on the speed
timeout 60 bash -c "until grep -Eq '^\[0\] round ([2-9]|[1-9][0-9]+)$' '$work/out'; do sleep 0.2; done" ||
  { kill "$job" 2>/dev/null; cat "$work/out" >&2; fail "the looping job did not get going within 60s"; }
"${bed[@]}" link --prefix "$NETNS_BED_PREFIX" 3 down
cut_at=$(date +%s)
set +e
wait "$job"
code=$?
set -e
took=$(( $(date +%s) - cut_at ))
"${bed[@]}" link --prefix "$NETNS_BED_PREFIX" 3 up
sed 's/^/    /' "$work/out"
say "   rwrun exited $code, ${took}s after the cut"
[ "$code" -ne 0 ] && [ "$code" -ne 124 ] || fail "the job exited $code after the cut (expected a failure, not 0 or the timeout's 124)"
[ "$took" -le 60 ] || fail "the job took ${took}s to fail after the cut (expected: at most 60s)"
grep -qE "rwrun: rank [0-9]+ \([a-z0-9]+\) failed" "$work/out" || fail "rwrun did not name a failed rank"
# either rwrun's ssh session to the cut host gave up (the failed rank is 4 or 5), or a rank's
# transport saw the lost connection in an operation with rank 4 or 5
grep -E "rwrun: rank [45] \(${hosts[2]}\) failed|^\[[0-9]+\] rank [0-9]+: io.rankwire.RankwireException: .*\brank [45]\b" \
  "$work/out" >/dev/null || fail "neither rwrun nor any rank's error names rank 4 or 5 (the ranks on ${hosts[2]})"
all_gone 30 || { pgrep -af -- "$marker" >&2; fail "ranks of the cut job are still running"; }

say "all checks passed"
