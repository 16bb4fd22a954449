#!/usr/bin/env bash
# Start-up of a 4-rank hello job: bin/rwrun (default shm, tcp, sim, and tcp without the start-up
# cache) against Open MPI's mpirun of the same trivial program in C, interleaved run by run, on
# the default JDK ($JAVA_HOME, else java on the PATH) and, when one is installed (JDK25_HOME, else /usr/lib/jvm/temurin-25-jdk-amd64), on JDK 25
# (whose start-up cache is an AOT cache). Needs Debian's openmpi-bin and libopenmpi-dev and a
# prior `mvn -B package -DskipTests`. Usage: bench/startup.sh [rounds]
# Each JDK's start-up cache is recorded before the rounds (the first job after a build does it).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-10}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mpicc -O2 -o "$out/hello" bench/hello.c
EX=examples/target/rankwire-examples-0.1.0-SNAPSHOT.jar
jdk25="${JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
jdks=("${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}")
feature() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p'; }
names=("jdk$(feature "${jdks[0]}")")
if [ -x "$jdk25/bin/java" ] && [ "${jdks[0]}" != "$jdk25" ]; then jdks+=("$jdk25"); names+=(jdk25); fi
ms() { local t0 t1; t0=$(date +%s%N); "$@" > /dev/null 2>&1; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 )); }
hello() { JAVA_HOME="$1" bin/rwrun -np 4 "${@:2}" -cp "$EX" io.rankwire.examples.Hello; }
for j in "${jdks[@]}"; do hello "$j" > /dev/null 2>&1; done   # records each JDK's cache
for i in $(seq "$rounds"); do
  for k in "${!jdks[@]}"; do
    j="${jdks[$k]}"; n="${names[$k]}"
    echo "rwrun-shm-$n $(ms hello "$j")" >> "$out/t"
    echo "rwrun-tcp-$n $(ms hello "$j" --transport tcp)" >> "$out/t"
    echo "rwrun-tcp-nocds-$n $(ms hello "$j" --transport tcp --cds off)" >> "$out/t"
    echo "rwrun-sim-$n $(ms hello "$j" --transport sim)" >> "$out/t"
  done
  echo "mpirun $(ms mpirun --allow-run-as-root --oversubscribe -np 4 "$out/hello")" >> "$out/t"
done
mpi=$(grep "^mpirun " "$out/t" | awk '{print $2}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
for k in $(awk '{print $1}' "$out/t" | awk '!seen[$0]++'); do
  grep "^$k " "$out/t" | awk '{print $2}' | sort -n | awk -v k="$k" -v m="$mpi" '{a[NR]=$1} END {
    printf "%-22s median %5d ms  min %5d  max %5d  (n=%d)  %.2fx mpirun\n", k, a[int((NR+1)/2)], a[1], a[NR], NR, a[int((NR+1)/2)] / m }'
done
