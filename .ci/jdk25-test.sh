#!/usr/bin/env bash
# The runtime and the transports on the newest JDK: when a JDK 25 is installed (JDK25_HOME, else
# /usr/lib/jvm/temurin-25-jdk-amd64), runs the runtime's, shm's and tcp's tests with it and the
# start-up cache's (an AOT cache on JDK 25), then builds
# the README's demo with it and runs it (4 ranks over shared memory, then over sim), every JVM a
# JDK 25 one. Says so and exits 0 when there is no JDK 25. A few minutes; the whole suite is JDK 17's
# (`mvn -B verify` in .ci/run). MVN_OPTS_EXTRA adds options to every mvn call (e.g. -o).
set -euo pipefail
cd "$(dirname "$0")/.."

jdk="${JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
if [ ! -x "$jdk/bin/java" ]; then
  echo "jdk25-test: no JDK 25 at $jdk; skipped"
  exit 0
fi
export JAVA_HOME="$jdk"
export PATH="$jdk/bin:$PATH"
feature="$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
if [ "$feature" != 25 ]; then
  echo "jdk25-test: $jdk is JDK $feature, not 25" >&2
  exit 1
fi
mvn_args=(-B ${MVN_OPTS_EXTRA:-})

# the modules' own tests (no javadoc, no sources jars: what JDK 25 could break is the code)
mvn "${mvn_args[@]}" -pl runtime,transport-shm,transport-tcp -am test -Dmaven.javadoc.skip=true -Dmaven.source.skip=true

# the start-up cache rank JVMs get on JDK 25: an AOT cache, recorded once, used by the next job
mvn "${mvn_args[@]}" -pl examples -am test -Dtest=ClassDataArchiveTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dmaven.javadoc.skip=true -Dmaven.source.skip=true

# the README's demo, built and run with JDK 25
version="$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)"
mvn "${mvn_args[@]}" -q package -DskipTests
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
bin/rwrun -np 4 -cp "examples/target/rankwire-examples-$version.jar" io.rankwire.examples.Ring > "$out" 2>&1 ||
  { cat "$out" >&2; echo "jdk25-test: the README's demo failed on JDK 25" >&2; exit 1; }
grep -q "Ring OK: 4 ranks" "$out" && grep -q "over shm" "$out" ||
  { cat "$out" >&2; echo "jdk25-test: the README's demo printed no Ring OK over shm" >&2; exit 1; }
bin/rwrun -np 4 --transport sim -cp "examples/target/rankwire-examples-$version.jar" io.rankwire.examples.Ring > "$out" 2>&1 ||
  { cat "$out" >&2; echo "jdk25-test: the README's demo over sim failed on JDK 25" >&2; exit 1; }
grep -q "Ring OK: 4 ranks" "$out" ||
  { cat "$out" >&2; echo "jdk25-test: the README's demo over sim printed no Ring OK" >&2; exit 1; }
echo "jdk25-test: runtime, shm and tcp tests and the README's demo pass on $(java -version 2>&1 | head -1)"
