#!/usr/bin/env bash
# The distribution tarball works wherever it is unpacked: unpacks dist/target/rankwire-<version>.tar.gz
# (made by `mvn -B verify`; `-DskipTests` for the tarball alone) into an empty directory outside the repository,
# with no RANKWIRE_HOME, and from there checks that no jar holds native code, prints the version,
# compiles a ping-pong with bin/mpijavac, runs it as 2 ranks with bin/rwrun --stats (over shared memory)
# and with bin/mpirun's `java` form, records it with one flight recording per rank and the shipped
# rankwire.jfc, runs the packed Ring example in one JVM (sim) and the Latency benchmark (HdrHistogram)
# as 2 ranks with only the examples jar on -cp, and runs bin/rwrun through a symbolic link on the PATH.
# Exits non-zero, saying what failed, on the first difference.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"

shopt -s nullglob
tarballs=("$repo"/dist/target/rankwire-*.tar.gz)
if [ ${#tarballs[@]} -ne 1 ]; then
  echo "dist-test: expected one dist/target/rankwire-*.tar.gz, found ${#tarballs[@]} (run mvn -B verify -DskipTests first)" >&2
  exit 1
fi
tarball="${tarballs[0]}"
version="$(basename "$tarball" .tar.gz)"
version="${version#rankwire-}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tar xzf "$tarball" -C "$work"
home="$work/rankwire-$version"
unset RANKWIRE_HOME RANKWIRE_TRANSPORT CLASSPATH
cd "$work"

fail() {
  echo "dist-test: $1" >&2
  shift
  for f in "$@"; do
    echo "--- $f" >&2
    cat "$f" >&2 || true
  done
  exit 1
}

for f in bin/rwrun bin/mpirun bin/mpijavac LICENSE README.md CHANGELOG.md "lib/rankwire-runtime-$version.jar" \
  "lib/rankwire-launcher-$version.jar" "examples/rankwire-examples-$version.jar" lib/jfr/rankwire.jfc; do
  [ -e "$home/$f" ] || fail "the tarball has no $f"
done
# nothing platform-specific: the tcp transport runs on JDK NIO, no jar brings a native library
for jar in "$home"/lib/*.jar "$home"/examples/*.jar "$home"/examples/lib/*.jar; do
  if unzip -Z1 "$jar" | grep -qE '\.(so|dll|dylib|jnilib)$'; then
    fail "$(basename "$jar") in the tarball carries native code, which Rankwire never uses"
  fi
done
[ -x "$home/bin/rwrun" ] || fail "bin/rwrun is not executable"

"$home/bin/rwrun" --version > version.out 2>&1 || fail "rwrun --version failed" version.out
grep -qx "rwrun (Rankwire) $version" <(head -1 version.out) || fail "rwrun --version does not say $version" version.out
"$home/bin/mpirun" --version > mpirun-version.out 2>&1 || fail "mpirun --version failed" mpirun-version.out
grep -q "$version" mpirun-version.out || fail "mpirun --version does not say $version" mpirun-version.out

cat > Ping.java <<'JAVA'
import io.rankwire.*;

public final class Ping
{
    public static void main(final String[] args)
    {
        try (Rankwire rw = Rankwire.init(args))
        {
            final Comm world = rw.world();
            final byte[] buf = new byte[8];
            final int peer = 1 - world.rank();
            for (int i = 0; i < 1000; i++)
            {
                if (world.rank() == 0) { world.send(buf, 0, 8, peer, 7); world.recv(buf, 0, 8, peer, 7); }
                else                   { world.recv(buf, 0, 8, peer, 7); world.send(buf, 0, 8, peer, 7); }
            }
            System.out.println("rank " + world.rank() + " of " + world.size() + ": 1000 round trips with rank " + peer);
        }
    }
}
JAVA
"$home/bin/mpijavac" -d classes Ping.java > javac.out 2>&1 || fail "mpijavac could not compile Ping.java" javac.out

"$home/bin/rwrun" -np 2 --stats -cp classes Ping > ping.out 2> ping.err || fail "rwrun -np 2 Ping failed" ping.out ping.err
for r in 0 1; do
  grep -qx "\[$r\] rank $r of 2: 1000 round trips with rank $((1 - r))" ping.out || fail "no line from rank $r" ping.out ping.err
done
grep -qx "rwrun: counters per rank at close" ping.err || fail "rwrun --stats printed no table" ping.out ping.err
awk '$1 == "0" || $1 == "1" { if ($2 < 1000 || $4 < 1000) bad = 1; n++ } END { exit (n == 2 && !bad) ? 0 : 1 }' ping.err ||
  fail "the --stats table does not show 1000 messages each way for both ranks" ping.err

"$home/bin/mpirun" -np 2 java -cp classes Ping > mpirun.out 2>&1 || fail "mpirun -np 2 java Ping failed" mpirun.out
grep -q "rank 1 of 2: 1000 round trips" mpirun.out || fail "mpirun's job printed nothing from rank 1" mpirun.out

"$home/bin/rwrun" -np 3 --transport sim -cp "$home/examples/rankwire-examples-$version.jar" io.rankwire.examples.Ring \
  > ring.out 2>&1 || fail "the Ring example failed over sim" ring.out

# one flight recording per rank (%r: the rank number, also on JDK 17), with the shipped settings'
# per-message events
mkdir jfr
"$home/bin/rwrun" -np 2 -J-XX:StartFlightRecording=filename="$work/jfr/rank-%r.jfr,settings=default,settings=$home/lib/jfr/rankwire.jfc" \
  -cp classes Ping > jfr.out 2>&1 || fail "rwrun -np 2 Ping with a flight recording failed" jfr.out
for r in 0 1; do
  [ -s "jfr/rank-$r.jfr" ] || fail "no flight recording jfr/rank-$r.jfr (files: $(ls jfr | tr '\n' ' '))" jfr.out
  jfr="$(dirname "$(readlink -f "$(command -v java)")")/jfr"
  "$jfr" print --events io.rankwire.Send "jfr/rank-$r.jfr" > "send-$r.out" 2>&1 ||
    fail "jfr print could not read jfr/rank-$r.jfr" "send-$r.out"
  grep -q "rank = $r\$" "send-$r.out" && ! grep -q "rank = $((1 - r))\$" "send-$r.out" ||
    fail "jfr/rank-$r.jfr does not hold rank $r's sends alone" "send-$r.out"
done

# a benchmark with its libraries (HdrHistogram), from the examples jar alone
"$home/bin/rwrun" -np 2 -cp "$home/examples/rankwire-examples-$version.jar" io.rankwire.examples.bench.Latency \
  --max-size 64 --iters 200 --warmup 20 > latency.out 2>&1 || fail "the Latency benchmark failed" latency.out
grep -qE '^\[0\] +64 +200 ' latency.out || fail "the Latency benchmark printed no line for 64 bytes" latency.out

mkdir path
ln -s "$home/bin/rwrun" path/rwrun
PATH="$work/path:$PATH" rwrun -np 2 -cp classes Ping > link.out 2>&1 || fail "rwrun through a symbolic link failed" link.out
grep -q "\[1\] rank 1 of 2" link.out || fail "rwrun through a symbolic link ran no rank 1" link.out

echo "dist-test: rankwire-$version.tar.gz runs from $home: no native code, version, mpijavac, rwrun --stats, mpirun," \
  "a recording per rank, Ring over sim, the Latency benchmark, a linked rwrun"
