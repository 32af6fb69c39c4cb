# shellcheck shell=bash
# Sourced by every scripts/bench-*, from the repository's root: the one statement of which alertsound a
# bench times, how a time is taken and how a ratio is printed, so two benches' figures mean the same.
#
#   bench_setup NAME [PRODUCT...]   install what is missing, build; sets $bin, $bin_dir, $work
#   bench_seconds COMMAND...        the wall time of one run, in seconds (a failing run counts)
#   timed COMMAND...                the same for a command that must succeed
#   best_of N COMMAND...            the best wall time of N runs, in seconds
#   best_of_pair N A... -- B...     "A B": the best of N runs of each, taken alternately
#   best_and_peak N COMMAND...      "seconds peak-MB" of the best of N runs (peak_mb: one run's peak)
#   cpu_seconds N COMMAND...        user + system CPU seconds of N runs
#   ratio A B                       A / B, two decimals
. scripts/lib/portable.sh

# The alertsound a bench times: the release build scripts/dist/release ships (Swift runtime linked in),
# or the one ALERTSOUND_BENCH_BIN names (to time an older build against the same peer). Other products
# (alertsound-samples) are built dynamically beside it; $work is a scratch folder removed on exit.
bench_setup() {
  local name=$1 product
  shift
  scripts/setup >&2
  if [ "$(uname -s)" != Darwin ] && [ ! -x /usr/bin/time ]; then
    echo "$name: needs GNU time for peak memory (apt-get install time)" >&2
    exit 1
  fi
  if [ -n "${ALERTSOUND_BENCH_BIN:-}" ]; then
    bin=$ALERTSOUND_BENCH_BIN
    [ -x "$bin" ] || { echo "$name: ALERTSOUND_BENCH_BIN=$bin is not an executable" >&2; exit 1; }
  else
    swift build -c release --product alertsound --static-swift-stdlib --scratch-path .build-static >/dev/null
    bin=$PWD/.build-static/release/alertsound
  fi
  bin_dir=$(dirname "$bin")
  for product in "$@"; do swift build -c release --product "$product" >/dev/null; done
  products=$(swift build -c release --show-bin-path)
  work=$(mktemp -d)
  # shellcheck disable=SC2064 # the folder is known now, on purpose
  trap "rm -rf '$work'" EXIT
  export bin bin_dir products work
}

# Wall time of one run of a command, output discarded; a failing run still counts (some benches time
# a tool that exits 1 on what it finds).
bench_seconds() {
  local t0 t1
  t0=$(now)
  "$@" >/dev/null 2>&1 || true
  t1=$(now)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }'
}

# Wall time of one run that must succeed: a failure stops the bench with the command's error.
timed() {
  local t0 t1 err
  err=$(mktemp)
  t0=$(now)
  "$@" >/dev/null 2>"$err" || { cat "$err" >&2; rm -f "$err"; exit 1; }
  t1=$(now)
  rm -f "$err"
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", b - a }'
}

# The smaller of two numbers, as printed; an empty second one is no number yet.
lesser() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a + 0 < b + 0) ? a : b }'; }

best_of() {
  local n=$1 best="" t i
  shift
  for ((i = 0; i < n; i++)); do
    t=$(bench_seconds "$@")
    best=$(lesser "$t" "$best")
  done
  printf '%s\n' "$best"
}

# The best wall times of N runs of each of two commands, run alternately (A, B, A, B, ...), so that
# a ratio between them compares the same moments of a machine whose load comes and goes (one after
# the other, a loaded minute moved bench-bundle's .ipa ratio from 2.5 to 3.3 for unchanged code).
best_of_pair() {
  local n=$1 arg i best_a="" best_b="" after=""
  local -a pair_a=() pair_b=()
  shift
  for arg in "$@"; do
    if [ -z "$after" ] && [ "$arg" = -- ]; then after=1
    elif [ -z "$after" ]; then pair_a+=("$arg")
    else pair_b+=("$arg")
    fi
  done
  for ((i = 0; i < n; i++)); do
    best_a=$(lesser "$(bench_seconds "${pair_a[@]}")" "$best_a")
    best_b=$(lesser "$(bench_seconds "${pair_b[@]}")" "$best_b")
  done
  printf '%s %s\n' "$best_a" "$best_b"
}

# Peak resident memory in MB of one run of a command, from the system's time(1): GNU time's %M on
# Linux (kilobytes), BSD time's -l on macOS (bytes). Measured by a small C parent: a child of python3
# or bash would count its parent's pages in its peak (13 MB with python3 here), because a process's
# peak includes what it shared before exec. Standard output goes to $2 (/dev/null for none).
peak_mb() {
  local out=$1 report
  shift
  report=$(mktemp)
  if [ "$(uname -s)" = Darwin ]; then
    /usr/bin/time -l "$@" >"$out" 2>"$report" || true
    awk '/maximum resident set size/ { printf "%.1f\n", $1 / 1048576 }' "$report"
  else
    /usr/bin/time -f %M -o "$report" "$@" >"$out" 2>/dev/null || true
    awk 'END { printf "%.1f\n", $1 / 1024 }' "$report"
  fi
  rm -f "$report"
}

# "seconds peak-MB": the best wall time of N runs and the largest peak among them. The runs'
# standard output goes to BENCH_STDOUT when it names a file (a bench that measures the output).
best_and_peak() {
  local n=$1 best="" peak="" t p t0 t1 i
  shift
  for ((i = 0; i < n; i++)); do
    t0=$(now)
    p=$(peak_mb "${BENCH_STDOUT:-/dev/null}" "$@")
    t1=$(now)
    t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
    best=$(lesser "$t" "$best")
    if [ -z "$peak" ] || awk -v a="$p" -v b="$peak" 'BEGIN { exit !(a > b) }'; then peak=$p; fi
  done
  printf '%s %s\n' "$best" "$peak"
}

# User + system CPU seconds of N runs of a command, its children included; a failing run stops the
# bench. (CPU time, unlike peak memory, is not inflated by the parent.)
cpu_seconds() {
  local n=$1
  shift
  python3 - "$n" "$@" <<'PY'
import resource, subprocess, sys
n, command = int(sys.argv[1]), sys.argv[2:]
for _ in range(n):
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{usage.ru_utime + usage.ru_stime:.2f}")
PY
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f\n", a / b; else print "inf" }'; }
