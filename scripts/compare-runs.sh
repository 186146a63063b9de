#!/usr/bin/env bash
# The pull request's benchmark comment from what benchmarks.yml measured: the paired comparison (`harness paired --from`
# on its paired.json) when there is one, then `harness compare` over the two launches a side of what was not paired,
# then the password scenario's launches when both sides have them.
#   compare-runs.sh HARNESS_CHECKOUT RUNS_FOLDER FAMILIES OUT_COMMENT
# HARNESS_CHECKOUT holds a built harness (Release); RUNS_FOLDER holds paired.json (when the base could be paired), and
# base/1, base/2, head/1, head/2 (and password-1, password-2 on each side) for the launch-based fallback. benchmarks.yml
# runs it with the head's harness for the job summary; benchmarks-comment.yml runs it with the default branch's harness
# for the comment it posts. The files are data that a fork's pull request controls: harness paired --from and harness
# compare validate every file (names, numbers, size) and escape every string they print, and FAMILIES (from the
# artifact there) is cut down to the characters of family names before it is printed.
set -euo pipefail

harness=$(cd "$1" && pwd)
runs=$(cd "$2" && pwd)
families=$(printf '%s' "$3" | tr -cd 'A-Za-z0-9,-' | cut -c1-300)
out=$(cd "$(dirname "$4")" && pwd)/$(basename "$4")
marker='<!-- crypto-harness-comparison -->'

# The artifact is bounded before anything reads it: a real one holds a few dozen files of a few MiB in all. Past
# either limit the comment says so in one line; the harness bounds each file (64 MiB) and the work on it as well.
max_files=2000
max_bytes=$((256 * 1024 * 1024))
files_in=$(find "$runs" -xdev \( -type f -o -type l -o -type p -o -type s -o -type b -o -type c \) 2>/dev/null | head -n $((max_files + 1)) | wc -l)
bytes_in=$(du -sb "$runs" 2>/dev/null | cut -f1)
if [ "$files_in" -gt "$max_files" ] || [ "${bytes_in:-0}" -gt "$max_bytes" ]; then
  printf '%s\n### Benchmark comparison: not made\n\nThe runs artifact is larger than a real one (more than %s files or %s MiB); refused unread.\n' "$marker" "$max_files" "$((max_bytes >> 20))" > "$out"
  echo "compare-runs.sh: artifact refused: $files_in files (limit $max_files), ${bytes_in:-?} bytes (limit $max_bytes)" >&2
  exit 0
fi

# Each harness call is bounded in time too, well under the job's timeout: a comment that says "not made" beats none.
step_timeout=${COMPARE_STEP_TIMEOUT:-240}

# The first summary.json of a side's launch, as a regular file (never a link), in a stable order; empty when none.
run_of() { local f; f=$(find "$runs/$1/$2" -type f -name summary.json 2>/dev/null | LC_ALL=C sort | head -n 1); [ -n "$f" ] && dirname "$f"; return 0; }
has_launches() { [ -n "$(run_of base "$1")" ] && [ -n "$(run_of base "$2")" ] && [ -n "$(run_of head "$1")" ] && [ -n "$(run_of head "$2")" ]; }

# Exit 2 (bad or unmatched runs) still gives a comment; the reason stays in the log, never in the comment, since it
# may quote a value from the runs.
compare() {
  local into=$1; shift
  (cd "$harness" && timeout "$step_timeout" dotnet run -c Release --no-build --project harness -- compare --base "$1" --base "$2" --diff "$3" --diff "$4" --threshold 5% --noise 1ns --fail-on never --out "$into") && return 0
  printf '%s\n### Benchmark comparison: not made\n\n`harness compare` refused these runs (exit %s); the reason is in the log of the workflow run.\n' "$marker" "$?" > "$into"
}

paired() {
  local into=$1
  (cd "$harness" && timeout "$step_timeout" dotnet run -c Release --no-build --project harness -- paired --from "$runs/paired.json" --threshold 5% --noise 1ns --fail-on never --out "$into") && return 0
  printf '%s\n### Benchmark comparison: not made\n\n`harness paired` refused the paired measurement (exit %s); the reason is in the log of the workflow run.\n' "$marker" "$?" > "$into"
}

# Appends a comparison made into "$out.part" under a heading, without its marker line.
append() {
  printf '\n#### %s\n\n' "$1" >> "$out"
  grep -v "^$marker" "$out.part" | sed 's/^### Benchmark comparison: /**Summary:** /' >> "$out"
  rm -f "$out.part"
}

if [ "$families" = none ]; then
  printf '%s\n### Benchmark comparison: no benchmarked code changed\n\nThe change touches only documentation, results, tests or scripts, so nothing was measured (add the label `benchmark-all` to measure every family).\n' "$marker" > "$out"
  exit 0
fi

if [ -f "$runs/paired.json" ] && [ ! -L "$runs/paired.json" ]; then
  paired "$out"
  if has_launches 1 2; then
    compare "$out.part" "$(run_of base 1)" "$(run_of base 2)" "$(run_of head 1)" "$(run_of head 2)"
    append "Not paired: launch-based comparison (two launches a side, interleaved)"
  fi
elif has_launches 1 2; then
  compare "$out" "$(run_of base 1)" "$(run_of base 2)" "$(run_of head 1)" "$(run_of head 2)"
elif ! has_launches password-1 password-2; then
  printf '%s\n### Benchmark comparison\n\nThe base branch has no harness (or none of the selected families) to compare with.\n' "$marker" > "$out"
  exit 0
else
  printf '%s\n### Benchmark comparison\n' "$marker" > "$out"
fi

if has_launches password-1 password-2; then
  compare "$out.part" "$(run_of base password-1)" "$(run_of base password-2)" "$(run_of head password-1)" "$(run_of head password-2)"
  append "Password hashes (sets test and owasp, bcrypt cost 10)"
fi
printf '\n<sub>Families measured: %s (paired where the builds allow, else two launches a side, interleaved).</sub>\n' "$families" >> "$out"
