# shellcheck shell=bash
# Sourced by the scripts that time or measure: what GNU (Linux) and BSD (macOS) tools spell
# differently, spelled once. scripts/check/portability names what not to use instead.

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

# SHA-256 of files, as sha256sum prints it (Linux's sha256sum, macOS's shasum -a 256).
sha256() { if command -v sha256sum >/dev/null 2>&1; then sha256sum "$@"; else shasum -a 256 "$@"; fi; }

# The python that can import MODULES (space-separated): scripts/setup's .build/venv when it can (on
# macOS, where Homebrew's python refuses pip install, the modules are there), else python3 when it
# can, else the system's /usr/bin/python3 (where Debian's python3-* packages install, when another
# python3, pyenv's, comes first on PATH); prints nothing and fails when none can. Run from the
# repository's root.
python_with() {
  local python
  for python in .build/venv/bin/python3 python3 /usr/bin/python3; do
    if { [ "$python" = python3 ] || [ -x "$python" ]; } && "$python" -c "import ${1// /, }" 2>/dev/null; then
      printf '%s\n' "$python"
      return 0
    fi
  done
  return 1
}
