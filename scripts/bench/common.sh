# shellcheck shell=bash
# Sourced by every scripts/bench-*, from the repository's root: the one statement of which alertsound a
# bench times, how a time is taken and how a ratio is printed, so two benches' figures mean the same.
#
#   bench_setup NAME [PRODUCT...]   install what is missing, build; sets $bin, $bin_dir, $work
#   bench_seconds COMMAND...        the wall time of one run, in seconds (a failing run counts)
#   timed COMMAND...                the same for a command that must succeed
#   best_of N COMMAND...            the best wall time of N runs, in seconds
#   best_and_peak N COMMAND...      "seconds peak-MB" of the best of N runs
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

best_of() {
  local n=$1 best="" t _
  shift
  for ((_ = 0; _ < n; _++)); do
    t=$(bench_seconds "$@")
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
  done
  printf '%s\n' "$best"
}

# Peak memory through python3's resource module (GNU time's %M and BSD time's -l disagree).
best_and_peak() {
  local n=$1
  shift
  python3 - "$n" "$@" <<'PY'
import resource, subprocess, sys, time
n, command = int(sys.argv[1]), sys.argv[2:]
best = None
for _ in range(n):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
# Linux reports kilobytes, macOS bytes.
print(f"{best:.3f} {peak / (1 << 20 if sys.platform == 'darwin' else 1 << 10):.1f}")
PY
}

# User + system CPU seconds of N runs of a command, its children included.
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
