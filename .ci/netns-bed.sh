#!/usr/bin/env bash
# A "cluster" on one machine: N network namespaces, each a host with its own address on a
# bridge, its link shaped with tc (rate and one-way delay), its own host name, and an sshd that
# accepts root with a key made for this bed. Needs root and iproute2 (ip, tc).
#
#   netns-bed.sh up [OPTIONS]             create a bed; prints its hostfile
#   netns-bed.sh down [--prefix P]        remove it: processes in its namespaces, sshds,
#                                         namespaces, links, bridge, files
#   netns-bed.sh run [OPTIONS] -- CMD...  up, CMD in this namespace with NETNS_BED_* set, down
#                                         (also when CMD or set-up fails, or on a signal)
#   netns-bed.sh exec HOST -- CMD...      CMD on a host of the bed (its namespace, host name and
#                                         /etc/hosts; RANKWIRE_SSH set to the bed's ssh client)
#   netns-bed.sh link HOST down|up        cut or restore HOST's link (its port on the bridge)
#   netns-bed.sh shape HOST RATE          change HOST's link rate, e.g. 100mbit
#
# OPTIONS (up, run):
#   --hosts N       hosts, 1..200 (default 4)
#   --slots S       slots per host in the hostfile, 1..64 (default 2)
#   --rate R        each host's link rate, each direction: NUMBER followed by gbit, mbit or kbit
#                   (default 1gbit)
#   --delay D       one-way delay added on each host's outgoing side: NUMBER followed by us or ms,
#                   or 0 (default 50us). Needs the kernel's netem qdisc; without it an explicit
#                   --delay fails, the default is dropped with a warning
#   --queue Q       how much a link's queue holds, as time at its rate: NUMBER followed by us or
#                   ms (default 20ms); packets beyond it are dropped
#   --prefix P      names: hosts P + h1..hN, bridge P + br; 1-8 of [a-z0-9], starting with a
#                   letter (default rw)
#   --subnet A.B.C  host i gets A.B.C.i/24 (default 10.77.0)
#   --prefix also selects the bed for down, exec, link and shape (default rw, or $NETNS_BED_PREFIX).
#
# Topology (host i = namespace Ph<i>, address A.B.C.i):
#
#    [ Ph1: eth0 A.B.C.1 ]  [ Ph2: eth0 A.B.C.2 ]  ...  [ PhN: eth0 A.B.C.N ]
#       tbf (+ netem)          tbf (+ netem)               tbf (+ netem)      host -> switch
#           |                      |                           |
#        Ph1-v tbf              Ph2-v tbf                   PhN-v tbf          switch -> host
#           +-----------+----------+---------------------------+
#                   bridge Pbr (no address: nothing in this namespace is reachable)
#
# Files of a bed (state directory $NETNS_BED_STATE/P, default /run/rankwire-netns/P): hostfile
# ("Ph1 slots=S" per line), ssh_config (for ssh -F), client key, known_hosts, per host its host
# key, sshd_config and pid. /etc/netns/Ph<i>/hosts names every host of the bed (ip netns exec
# mounts it over /etc/hosts inside the namespace). Commands started through `run` see
# NETNS_BED_DIR, NETNS_BED_HOSTFILE, NETNS_BED_HOSTS (names, space-separated), NETNS_BED_PREFIX
# and NETNS_BED_SELF (this script).
set -euo pipefail

self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
state_root="${NETNS_BED_STATE:-/run/rankwire-netns}"

say() { echo "netns-bed: $*" >&2; }
die() { echo "netns-bed: $*" >&2; exit 2; }

prefix="${NETNS_BED_PREFIX:-rw}"
hosts=4
slots=2
rate=1gbit
delay=50us
delay_given=false
queue=20ms
subnet=10.77.0

parse_options() {
  # sets the globals above from OPTIONS; leaves the rest (after --) in $rest
  rest=()
  while [ $# -gt 0 ]; do
    case "$1" in
      --hosts) hosts="${2:?--hosts needs a value}"; shift 2 ;;
      --slots) slots="${2:?--slots needs a value}"; shift 2 ;;
      --rate) rate="${2:?--rate needs a value}"; shift 2 ;;
      --delay) delay="${2:?--delay needs a value}"; delay_given=true; shift 2 ;;
      --queue) queue="${2:?--queue needs a value}"; shift 2 ;;
      --prefix) prefix="${2:?--prefix needs a value}"; shift 2 ;;
      --subnet) subnet="${2:?--subnet needs a value}"; shift 2 ;;
      --) shift; rest=("$@"); return 0 ;;
      *) die "unknown option '$1' (expected: --hosts, --slots, --rate, --delay, --queue, --prefix, --subnet, or -- CMD)" ;;
    esac
  done
}

check_options() {
  [[ "$prefix" =~ ^[a-z][a-z0-9]{0,7}$ ]] || die "--prefix : '$prefix' (expected: 1-8 of [a-z0-9], starting with a letter)"
  [[ "$hosts" =~ ^[0-9]+$ ]] && [ "$hosts" -ge 1 ] && [ "$hosts" -le 200 ] || die "--hosts : '$hosts' (expected: 1..200)"
  [[ "$slots" =~ ^[0-9]+$ ]] && [ "$slots" -ge 1 ] && [ "$slots" -le 64 ] || die "--slots : '$slots' (expected: 1..64)"
  rate_bits "$rate" >/dev/null
  delay_tc "$delay" >/dev/null
  [[ "${queue,,}" =~ ^[1-9][0-9]*(us|ms)$ ]] || die "--queue : '$queue' (expected: a number followed by us or ms, e.g. 20ms)"
  local o
  IFS=. read -r -a o <<<"$subnet"
  [ "${#o[@]}" -eq 3 ] && [[ "$subnet" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] && [ "${o[0]}" -le 255 ] && [ "${o[1]}" -le 255 ] &&
    [ "${o[2]}" -le 255 ] || die "--subnet : '$subnet' (expected: three octets, e.g. 10.77.0)"
}

rate_bits() {
  # bits per second of a tc rate NUMBER{gbit,mbit,kbit}
  local r="${1,,}" n unit
  [[ "$r" =~ ^([0-9]+)(gbit|mbit|kbit)$ ]] || die "--rate : '$1' (expected: a number followed by gbit, mbit or kbit, e.g. 1gbit)"
  n="${BASH_REMATCH[1]}"
  unit="${BASH_REMATCH[2]}"
  case "$unit" in
    gbit) n=$((n * 1000000000)) ;;
    mbit) n=$((n * 1000000)) ;;
    kbit) n=$((n * 1000)) ;;
  esac
  [ "$n" -ge 64000 ] && [ "$n" -le 100000000000 ] || die "--rate : '$1' (expected: 64kbit..100gbit)"
  echo "$n"
}

delay_tc() {
  # the delay as tc writes it, or 0
  local d="${1,,}"
  [ "$d" = 0 ] && { echo 0; return; }
  [[ "$d" =~ ^[0-9]+(us|ms)$ ]] || die "--delay : '$1' (expected: 0 or a number followed by us or ms, e.g. 50us)"
  echo "$d"
}

dir() { echo "$state_root/$prefix"; }
ns() { echo "${prefix}h$1"; }
port() { echo "${prefix}h$1-v"; }

host_index() {
  # the index of host name or number $1 in the bed
  local h="$1" n
  n="$(wc -l <"$(dir)/hostfile")"
  if [[ "$h" =~ ^[0-9]+$ ]]; then
    :
  elif [[ "$h" =~ ^${prefix}h([0-9]+)$ ]]; then
    h="${BASH_REMATCH[1]}"
  else
    die "host : '$1' (expected: 1..$n or ${prefix}h1..${prefix}h$n)"
  fi
  [ "$h" -ge 1 ] && [ "$h" -le "$n" ] || die "host : '$1' (expected: 1..$n or ${prefix}h1..${prefix}h$n)"
  echo "$h"
}

shape() {
  # shape() DEVICE-COMMAND-PREFIX DEV RATE DELAY: (re)writes the root qdisc of one side of a link
  local where="$1" dev="$2" bits burst
  bits="$(rate_bits "$3")"
  # bucket: 1 ms at the rate, at least 64 KiB (a TSO/GSO packet); queue: $queue at the rate
  burst=$((bits / 8 / 1000))
  [ "$burst" -ge 65536 ] || burst=65536
  $where tc qdisc del dev "$dev" root 2>/dev/null || true
  if [ "$4" != 0 ]; then
    $where tc qdisc add dev "$dev" root handle 1: netem delay "$4" limit 100000
    $where tc qdisc add dev "$dev" parent 1:1 handle 10: tbf rate "$3" burst "$burst" latency "$queue"
  else
    $where tc qdisc add dev "$dev" root handle 10: tbf rate "$3" burst "$burst" latency "$queue"
  fi
}

netem_available() {
  # whether the kernel has the netem qdisc (tried on the loopback of a scratch namespace)
  local probe="${prefix}probe" ok=1
  ip netns add "$probe"
  ip netns exec "$probe" tc qdisc add dev lo root netem delay 1us 2>/dev/null && ok=0
  ip netns del "$probe"
  return $ok
}

cmd_up() {
  parse_options "$@"
  [ ${#rest[@]} -eq 0 ] || die "up takes no command (use run)"
  check_options
  command -v ip >/dev/null && command -v tc >/dev/null || die "needs ip and tc (package iproute2)"
  [ -x /usr/sbin/sshd ] || die "needs /usr/sbin/sshd (package openssh-server)"
  command -v ssh-keygen >/dev/null || die "needs ssh-keygen (package openssh-client)"
  [ "$(id -u)" -eq 0 ] || die "needs root (network namespaces, tc, sshd)"
  local d
  d="$(dir)"
  [ ! -e "$d" ] && ! ip link show "${prefix}br" >/dev/null 2>&1 ||
    die "a bed named '$prefix' exists already ($d); remove it with: $self down --prefix $prefix"
  if [ "$(delay_tc "$delay")" != 0 ] && ! netem_available; then
    if $delay_given; then
      die "--delay $delay needs the netem qdisc, which this kernel lacks (CONFIG_NET_SCH_NETEM); give --delay 0"
    fi
    say "warning: no delay on the links: this kernel has no netem qdisc (CONFIG_NET_SCH_NETEM); rate shaping only"
    delay=0
  fi
  mkdir -p "$d"
  chmod 700 "$d"
  trap 'code=$?; if [ $code -ne 0 ]; then say "set-up failed; removing the partial bed"; cmd_down_current; fi' EXIT
  printf 'hosts=%s\nrate=%s\ndelay=%s\nqueue=%s\nsubnet=%s\n' "$hosts" "$rate" "$delay" "$queue" "$subnet" >"$d/settings"
  build_network "$d"
  start_sshds "$d"
  trap - EXIT
  say "up: $hosts hosts ${prefix}h1..${prefix}h$hosts on $subnet.0/24, links $rate, delay $delay, queue $queue; hostfile $d/hostfile"
}

build_network() {
  local d="$1" i names=""
  ip link add "${prefix}br" type bridge
  ip link set "${prefix}br" up
  for i in $(seq "$hosts"); do
    names+="$subnet.$i $(ns "$i")"$'\n'
    printf '%s slots=%s\n' "$(ns "$i")" "$slots" >>"$d/hostfile"
  done
  for i in $(seq "$hosts"); do
    ip netns add "$(ns "$i")"
    mkdir -p "/etc/netns/$(ns "$i")"
    printf '127.0.0.1 localhost\n::1 localhost ip6-localhost\n%s' "$names" >"/etc/netns/$(ns "$i")/hosts"
    ip link add "$(port "$i")" type veth peer name eth0 netns "$(ns "$i")"
    ip link set "$(port "$i")" master "${prefix}br"
    ip link set "$(port "$i")" up
    ip -n "$(ns "$i")" link set lo up
    ip -n "$(ns "$i")" addr add "$subnet.$i/24" dev eth0
    ip -n "$(ns "$i")" link set eth0 up
    shape "ip netns exec $(ns "$i")" eth0 "$rate" "$(delay_tc "$delay")"
    shape "" "$(port "$i")" "$rate" 0
  done
}

start_sshds() {
  local d="$1" i h
  ssh-keygen -q -t ed25519 -N '' -C "netns-bed-$prefix-client" -f "$d/client_key"
  cp "$d/client_key.pub" "$d/authorized_keys"
  chmod 600 "$d/authorized_keys"
  mkdir -p /run/sshd
  chmod 755 /run/sshd
  : >"$d/known_hosts"
  for i in $(seq "$hosts"); do
    h="$(ns "$i")"
    ssh-keygen -q -t ed25519 -N '' -C "netns-bed-$h" -f "$d/$h.key"
    printf '%s,%s %s\n' "$h" "$subnet.$i" "$(cut -d' ' -f1-2 "$d/$h.key.pub")" >>"$d/known_hosts"
    cat >"$d/$h.sshd_config" <<CONF
ListenAddress $subnet.$i
Port 22
HostKey $d/$h.key
AuthorizedKeysFile $d/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PrintMotd no
PidFile $d/$h.sshd.pid
MaxStartups 200:30:400
MaxSessions 200
ClientAliveInterval 2
ClientAliveCountMax 5
CONF
    # its own UTS namespace, so the host name (and so every session's) is the host's
    ip netns exec "$h" unshare --uts sh -c 'hostname "$1"; shift; exec "$@"' sh "$h" \
      /usr/sbin/sshd -D -e -f "$d/$h.sshd_config" >"$d/$h.sshd.log" 2>&1 &
    echo $! >"$d/$h.pid"
  done
  cat >"$d/ssh_config" <<CONF
Host *
  Port 22
  User root
  IdentityFile $d/client_key
  IdentitiesOnly yes
  UserKnownHostsFile $d/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
  BatchMode yes
  ConnectTimeout 10
CONF
  for i in $(seq "$hosts"); do
    h="$(ns "$i")"
    # from the previous host (host 1 from the last), so every link carries a session
    local from
    from="$(ns $(( (i + hosts - 2) % hosts + 1 )))"
    timeout 30 bash -c "until ip netns exec $from ssh -F '$d/ssh_config' $h true 2>/dev/null; do sleep 0.2; done" || {
      cat "$d/$h.sshd.log" >&2
      die "sshd on $h ($subnet.$i) did not accept the bed's key within 30s"
    }
  done
}

cmd_down_current() {
  # removes the bed named $prefix, whatever state it is in
  local d i h pid
  d="$(dir)"
  for h in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^${prefix}h[0-9]+$" || true); do
    # every process in the bed's namespaces (sshds, sessions, ranks) belongs to the bed
    for pid in $(ip netns pids "$h" 2>/dev/null); do kill -TERM "$pid" 2>/dev/null || true; done
  done
  for i in $(seq 30); do
    local left=""
    for h in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^${prefix}h[0-9]+$" || true); do
      left+="$(ip netns pids "$h" 2>/dev/null)"
    done
    [ -z "$left" ] && break
    sleep 0.1
  done
  for h in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^${prefix}h[0-9]+$" || true); do
    for pid in $(ip netns pids "$h" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null || true; done
    ip netns del "$h" 2>/dev/null || true
    rm -rf "/etc/netns/$h"
  done
  ip netns del "${prefix}probe" 2>/dev/null || true
  for i in $(ip -o link show 2>/dev/null | awk -F': ' '{print $2}' | sed 's/@.*//' | grep -E "^${prefix}h[0-9]+-v$" || true); do
    ip link del "$i" 2>/dev/null || true
  done
  ip link del "${prefix}br" 2>/dev/null || true
  rm -rf "$d"
}

cmd_down() {
  parse_options "$@"
  [[ "$prefix" =~ ^[a-z][a-z0-9]{0,7}$ ]] || die "--prefix : '$prefix' (expected: 1-8 of [a-z0-9], starting with a letter)"
  cmd_down_current
  say "down: bed '$prefix' removed"
}

bed_environment() {
  export NETNS_BED_DIR NETNS_BED_HOSTFILE NETNS_BED_HOSTS NETNS_BED_PREFIX NETNS_BED_SELF
  NETNS_BED_DIR="$(dir)"
  NETNS_BED_HOSTFILE="$NETNS_BED_DIR/hostfile"
  NETNS_BED_HOSTS="$(awk '{print $1}' "$NETNS_BED_HOSTFILE" | tr '\n' ' ' | sed 's/ $//')"
  NETNS_BED_PREFIX="$prefix"
  NETNS_BED_SELF="$self"
}

cmd_run() {
  parse_options "$@"
  [ ${#rest[@]} -gt 0 ] || die "run needs a command after --"
  local cmd=("${rest[@]}") code
  trap 'cmd_down_current' EXIT
  trap 'exit 143' INT TERM
  cmd_up --hosts "$hosts" --slots "$slots" --rate "$rate" --queue "$queue" --prefix "$prefix" --subnet "$subnet" \
    $($delay_given && echo --delay "$delay")
  trap 'cmd_down_current' EXIT
  bed_environment
  set +e
  "${cmd[@]}"
  code=$?
  set -e
  exit $code
}

need_bed() {
  [ -f "$(dir)/hostfile" ] || die "no bed named '$prefix' is up (expected: $(dir)/hostfile; start one with: $self up)"
}

cmd_exec() {
  [ $# -ge 1 ] || die "exec needs a host"
  local i h
  need_bed
  i="$(host_index "$1")"
  shift
  [ "${1:-}" = -- ] && shift
  [ $# -gt 0 ] || die "exec needs a command after the host"
  h="$(ns "$i")"
  bed_environment
  export RANKWIRE_SSH="${RANKWIRE_SSH:-ssh -F $(dir)/ssh_config}"
  exec ip netns exec "$h" unshare --uts sh -c 'hostname "$1"; shift; exec "$@"' sh "$h" "$@"
}

cmd_link() {
  [ $# -eq 2 ] || die "link needs a host and down or up"
  need_bed
  local i
  i="$(host_index "$1")"
  case "$2" in
    down|up) ip link set "$(port "$i")" "$2" ;;
    *) die "link state : '$2' (expected: down or up)" ;;
  esac
}

cmd_shape() {
  [ $# -eq 2 ] || die "shape needs a host and a rate"
  need_bed
  local i d
  i="$(host_index "$1")"
  rate_bits "$2" >/dev/null
  d="$(sed -n 's/^delay=//p' "$(dir)/settings")"
  queue="$(sed -n 's/^queue=//p' "$(dir)/settings")"
  shape "ip netns exec $(ns "$i")" eth0 "$2" "$d"
  shape "" "$(port "$i")" "$2" 0
}

# global options may come before the subcommand's own
sub="${1:-}"
[ $# -gt 0 ] && shift
case "$sub" in
  up) cmd_up "$@" ;;
  down) cmd_down "$@" ;;
  run) cmd_run "$@" ;;
  exec|link|shape)
    if [ "${1:-}" = --prefix ]; then prefix="${2:?--prefix needs a value}"; shift 2; fi
    "cmd_$sub" "$@" ;;
  *) sed -n '2,/^set -euo/p' "$self" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
