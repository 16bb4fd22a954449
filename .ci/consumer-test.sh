#!/usr/bin/env bash
# A separate Maven project (.ci/consumer) that depends on Rankwire by its coordinates builds and runs a
# 2-rank ping-pong: its own test (Surefire with the README's argLine), in one JVM with LocalJob over tcp
# and over shm, then as two rank JVMs started by
# the repository's bin/rwrun; then a modular application (.ci/consumer-modular: module-info requires
# io.rankwire.mpi) compiled and run on the module path, a 2-rank exchange through the mpi bindings over
# shm and tcp. Checks that no dependency a consumer gets carries native code. First installs Rankwire's
# library modules (the BOM, the runtime, the transports, the mpi bindings and what they build against;
# no tests, no javadoc) into the local Maven repository: ~/.m2, or the one named by
# RANKWIRE_CI_REPO (a directory; e.g. a copy, to keep a shared ~/.m2 untouched). MVN_OPTS_EXTRA
# adds options to every mvn call (e.g. -o to build offline).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"

mvn_args=(-B -q ${MVN_OPTS_EXTRA:-})
if [ -n "${RANKWIRE_CI_REPO:-}" ]; then
  mvn_args+=("-Dmaven.repo.local=$RANKWIRE_CI_REPO")
fi
version="$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)"

mvn "${mvn_args[@]}" install -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true \
  -pl bom,runtime,transport-sim,transport-tcp,transport-shm,mpi-compat -am

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r .ci/consumer/. "$work/"
cp -r .ci/consumer-modular "$work/modular"
cd "$work"
# its test (a LocalJob) runs in Surefire's JVM with the argLine the README gives, which must still be there
argline="$(grep -o '<argLine>.*</argLine>' pom.xml)"
grep -qF "    $argline" "$repo/README.md" || { echo "consumer-test: README.md does not give Surefire's $argline" >&2; exit 1; }
mvn "${mvn_args[@]}" package -DrankwireVersion="$version"
report=target/surefire-reports/TEST-org.example.pingpong.PingPongTest.xml
for attribute in 'tests="1"' 'errors="0"' 'skipped="0"' 'failures="0"'; do
  grep -q "<testsuite [^>]*$attribute" "$report" || { echo "consumer-test: the consumer's own test did not pass ($attribute expected)" >&2; head -5 "$report" >&2; exit 1; }
done

# what a consumer gets runs on any platform the JDK runs on: no jar with native libraries (netty's epoll)
for jar in target/lib/*.jar; do
  if unzip -Z1 "$jar" | grep -qE '\.(so|dll|dylib|jnilib)$'; then
    echo "consumer-test: $(basename "$jar") carries native code, which Rankwire never uses" >&2
    exit 1
  fi
done

java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED -cp "target/classes:target/lib/*" org.example.pingpong.PingPong tcp shm | tee local.out
grep -q "^tcp: 2 ranks, 1000 round trips" local.out && grep -q "^shm: 2 ranks, 1000 round trips" local.out

# the same classes as ranks of a job (rwrun puts Rankwire's own lib first; the application brings only its code)
"$repo/bin/rwrun" -np 2 -cp target/classes org.example.pingpong.PingPong | tee job.out
grep -q "^\[0\] rank 0 of 2: 1000 round trips" job.out && grep -q "^\[1\] rank 1 of 2: 1000 round trips" job.out
# the modular application: only what rankwire-mpi and the transports bring is on the module path (no
# launcher: the mpi module requires it only statically), the transports are found by service binding
(cd modular && mvn "${mvn_args[@]}" package -DrankwireVersion="$version")
java --add-exports java.base/jdk.internal.misc=org.agrona --module-path modular/target/classes:modular/target/lib \
  -m org.example.modular/org.example.modular.Exchange shm tcp | tee modular.out
grep -q "^shm: 2 ranks in module org.example.modular, 100 exchanges through mpi" modular.out &&
  grep -q "^tcp: 2 ranks in module org.example.modular, 100 exchanges through mpi" modular.out

echo "consumer-test: a project depending on io.rankwire:rankwire-runtime $version built and ran 2-rank ping-pongs, a modular one 2-rank exchanges on the module path"
