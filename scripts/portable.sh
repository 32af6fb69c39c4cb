# shellcheck shell=bash
# Sourced by the scripts that time or measure: what GNU (Linux) and BSD (macOS) tools spell
# differently, spelled once. scripts/check-portability names what not to use instead.

# Seconds since the epoch with a fraction. GNU date has %N, BSD date prints it as "N"; bash 5 has
# EPOCHREALTIME without starting a process, macOS's bash 3.2 does not.
now() {
  if [ -n "${EPOCHREALTIME:-}" ]; then
    printf '%s\n' "${EPOCHREALTIME/,/.}"
  else
    python3 -c 'import time; print("%.6f" % time.time())'
  fi
}

# Bytes in a file (GNU stat -c %s, BSD stat -f %z: wc -c is the same on both).
file_size() { wc -c <"$1" | tr -d ' '; }

# Processors online (Linux's nproc is not on macOS).
cpu_count() { getconf _NPROCESSORS_ONLN; }
