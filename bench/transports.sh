#!/usr/bin/env bash
# The OSU-style mains on the user's path: jobs started by bin/rwrun with default settings, the
# default transport (auto: shm between the two ranks of this host) against --transport tcp, and
# the auto transport's composite (forced with rankwire.auto.composite=always) against what it
# wraps. Each job prints Rankwire beside its raw baseline (a mapped Agrona ring pair for shm, a
# socket for tcp) measured in the same job. Runs are interleaved, round by round.
# Needs a prior `mvn -B package -DskipTests`. Usage: bench/transports.sh [rounds] [outdir]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
out=${2:-$(mktemp -d)}
mkdir -p "$out"
EX=examples/target/rankwire-examples-0.1.0-SNAPSHOT.jar
B=io.rankwire.examples.bench
run() { local name=$1; shift; echo "== $name" >> "$out/$name.txt"; bin/rwrun -np 2 --timeout 300s -cp "$EX:examples/target/lib/*" "$@" >> "$out/$name.txt" 2>&1 || echo "$name failed" >&2; }
for i in $(seq "$rounds"); do
  run lat8-default $B.Latency --min-size 8 --max-size 8
  run lat8-tcp --transport tcp $B.Latency --min-size 8 --max-size 8
  run lat4m-default $B.Latency --min-size 4M --max-size 4M
  run lat4m-tcp --transport tcp $B.Latency --min-size 4M --max-size 4M
  run bw8-default $B.Bandwidth --min-size 8 --max-size 8
  run bw8-tcp --transport tcp $B.Bandwidth --min-size 8 --max-size 8
  run bw4m-default $B.Bandwidth --min-size 4M --max-size 4M
  run bw4m-tcp --transport tcp $B.Bandwidth --min-size 4M --max-size 4M
  run lat8-composite-shm -x rankwire.auto.composite=always $B.Latency --min-size 8 --max-size 8
  run lat8-composite-tcp -x rankwire.auto.composite=always -x rankwire.hostId=@1 $B.Latency --min-size 8 --max-size 8
done
echo "results in $out"
