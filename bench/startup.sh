#!/usr/bin/env bash
# Start-up of a 4-rank hello job: bin/rwrun (tcp and sim) against Open MPI's mpirun of the same
# trivial program in C, interleaved run by run. Needs Debian's openmpi-bin and libopenmpi-dev
# and a prior `mvn -B package -DskipTests`. Usage: bench/startup.sh [rounds]
# rwrun-tcp-nocds is the tcp job with `--cds off` (rank JVMs without the class-data archive).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-10}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mpicc -O2 -o "$out/hello" bench/hello.c
EX=examples/target/rankwire-examples-0.1.0-SNAPSHOT.jar
ms() { local t0 t1; t0=$(date +%s%N); "$@" > /dev/null 2>&1; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 )); }
for i in $(seq "$rounds"); do
  echo "rwrun-tcp $(ms bin/rwrun -np 4 --transport tcp -cp "$EX" io.rankwire.examples.Hello)" >> "$out/t"
  echo "rwrun-tcp-nocds $(ms bin/rwrun -np 4 --transport tcp --cds off -cp "$EX" io.rankwire.examples.Hello)" >> "$out/t"
  echo "rwrun-sim $(ms bin/rwrun -np 4 --transport sim -cp "$EX" io.rankwire.examples.Hello)" >> "$out/t"
  echo "mpirun $(ms mpirun --allow-run-as-root --oversubscribe -np 4 "$out/hello")" >> "$out/t"
done
for k in rwrun-tcp rwrun-tcp-nocds rwrun-sim mpirun; do
  grep "^$k " "$out/t" | awk '{print $2}' | sort -n | awk -v k="$k" '{a[NR]=$1} END {printf "%-15s median %5d ms  min %5d  max %5d  (n=%d)\n", k, a[int((NR+1)/2)], a[1], a[NR], NR}'
done
