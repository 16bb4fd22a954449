#!/usr/bin/env bash
# Collective algorithm switches on the network-namespace bed (.ci/netns-bed.sh): one rank per
# host, every host's link shaped to the same rate, each algorithm forced in its own rwrun job
# (io.rankwire.jmh.coll.CollectiveSwitchJob), the algorithms of a switch run one after the other
# and in reverse order every second repetition, so each is measured against its alternative in
# the same run. Needs root and a prior `mvn -B package -DskipTests`.
#
#   bench/netns-coll.sh [--hosts 4,8] [--reps 3] [--rate 1gbit] [--delay D] [--queue Q]
#                            [--switches bcast,reduce,gather,scatter] [--out FILE]
#                            [--bytes "65536 1048576 ..."] [--blocks "64 1024 ..."]
#   bench/netns-coll.sh --summary FILE     (only the summary of earlier raw lines)
#
# Prints, per switch, host count and size, each algorithm's median time per call (us) over the
# repetitions and its ratio to the first algorithm, as the median [min-max] of the per-repetition
# ratios. Raw lines go to FILE (default: a temporary file, printed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."

host_counts=4,8
reps=3
rate=1gbit
delay=()
switches=bcast,reduce,gather,scatter
out=""
summary_only=false
large_sizes="65536 1048576 4194304 16777216"
block_sizes="64 1024 16384 65536"
while [ $# -gt 0 ]; do
  case "$1" in
    --hosts) host_counts="$2"; shift 2 ;;
    --reps) reps="$2"; shift 2 ;;
    --rate) rate="$2"; shift 2 ;;
    --delay) delay=(--delay "$2"); shift 2 ;;
    --queue) delay+=(--queue "$2"); shift 2 ;;
    --switches) switches="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --bytes) large_sizes="$2"; shift 2 ;;
    --blocks) block_sizes="$2"; shift 2 ;;
    --summary) out="$2"; summary_only=true; shift 2 ;;
    *) echo "netns-coll: unknown option '$1'" >&2; exit 2 ;;
  esac
done
[ -n "$out" ] || out="$(mktemp /tmp/rankwire-netns-coll.XXXXXX)"
$summary_only || [ -d jmh/target/classes/io/rankwire/jmh/coll ] || { echo "netns-coll: run mvn -B package -DskipTests first" >&2; exit 2; }

algorithms() {
  case "$1" in
    bcast) echo "binomial pipeline scatterAllgather pipelineBinomial" ;;
    reduce) echo "binomial rabenseifner" ;;
    gather|scatter) echo "linear binomial" ;;
    *) echo "netns-coll: unknown switch '$1' (expected: bcast, reduce, gather, scatter)" >&2; exit 2 ;;
  esac
}
sizes() {
  case "$1" in
    bcast|reduce) echo "$large_sizes" ;;
    gather|scatter) echo "$block_sizes" ;;
  esac
}

# the part that runs inside the bed (NETNS_BED_* set by netns-bed.sh run)
inside() {
  local n="$1" rep sw alg algs
  for rep in $(seq "$reps"); do
    for sw in ${switches//,/ }; do
      algs=($(algorithms "$sw"))
      if [ $((rep % 2)) -eq 0 ]; then
        algs=($(printf '%s\n' "${algs[@]}" | tac))
      fi
      for alg in "${algs[@]}"; do
        echo "netns-coll: $n hosts, repetition $rep, $sw $alg" >&2
        "$NETNS_BED_SELF" exec --prefix "$NETNS_BED_PREFIX" 1 -- bin/rwrun -np "$n" --hostfile "$NETNS_BED_HOSTFILE" \
          --timeout 900s -x "rankwire.coll.$sw.algorithm=$alg" -cp jmh/target/classes \
          io.rankwire.jmh.coll.CollectiveSwitchJob "$sw" "$alg" $(sizes "$sw") |
          sed -n "s/^\[0\] coll /coll /p" | sed "s/\$/ rep $rep load $(cut -d' ' -f1 /proc/loadavg)/" | tee -a "$out"
      done
    done
  done
}
export -f inside algorithms sizes
export reps switches out large_sizes block_sizes

for n in ${host_counts//,/ }; do
  $summary_only && break
  .ci/netns-bed.sh run --hosts "$n" --slots 1 --rate "$rate" "${delay[@]}" --prefix rwb -- bash -c "inside $n"
done

echo "raw results: $out"
# coll SW N ranks BYTES B ALG US us (rounds ...) calls C rep R load L
awk '
  /^coll / {
    sw = $2; n = $3; b = $5; alg = $7; us = $8
    for (i = 9; i <= NF; i++) if ($i == "rep") rep = $(i + 1)
    key = sw " " n " " b
    if (!(key in seen)) { seen[key] = 1; keys[++nk] = key }
    if (!((key SUBSEP alg) in aseen)) { aseen[key, alg] = 1; algs[key, ++na[key]] = alg }
    t[key, alg, rep] = us; reps[rep] = 1
  }
  function median(a, m,   i, j, x) {
    for (i = 2; i <= m; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  END {
    for (k = 1; k <= nk; k++) {
      key = keys[k]; split(key, f, " ")
      line = sprintf("%-8s %d hosts %9d B", f[1], f[2], f[3])
      base = algs[key, 1]
      for (a = 1; a <= na[key]; a++) {
        alg = algs[key, a]; m = 0; r = 0
        delete v; delete q
        for (rep in reps) if ((key SUBSEP alg SUBSEP rep) in t) {
          v[++m] = t[key, alg, rep]
          if ((key SUBSEP base SUBSEP rep) in t) q[++r] = t[key, alg, rep] / t[key, base, rep]
        }
        if (m == 0) continue
        med = median(v, m); lo = 1e99; hi = 0
        for (i = 1; i <= r; i++) { if (q[i] < lo) lo = q[i]; if (q[i] > hi) hi = q[i] }
        line = line sprintf("  %s %.0f (%.2f [%.2f-%.2f])", alg, med, median(q, r), lo, hi)
      }
      print line
    }
  }' "$out"
