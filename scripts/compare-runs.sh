#!/usr/bin/env bash
# The pull request's benchmark comment from the runs benchmarks.yml measured: `harness compare` over the two launches a
# side, then the password scenario's launches when both sides have them.
#   compare-runs.sh HARNESS_CHECKOUT RUNS_FOLDER FAMILIES OUT_COMMENT
# HARNESS_CHECKOUT holds a built harness (Release); RUNS_FOLDER holds base/1, base/2, head/1, head/2 (and password-1,
# password-2 on each side). benchmarks.yml runs it with the head's harness for the job summary; benchmarks-comment.yml
# runs it with the default branch's harness for the comment it posts. The runs are data that a fork's pull request
# controls: harness compare validates every file (names, numbers, size) and escapes every string it prints, and
# FAMILIES (from the artifact there) is cut down to the characters of family names before it is printed.
set -euo pipefail

harness=$(cd "$1" && pwd)
runs=$(cd "$2" && pwd)
families=$(printf '%s' "$3" | tr -cd 'A-Za-z0-9,-' | cut -c1-300)
out=$(cd "$(dirname "$4")" && pwd)/$(basename "$4")
marker='<!-- crypto-harness-comparison -->'

# The first summary.json of a side's launch, as a regular file (never a link), in a stable order.
run_of() { dirname "$(find "$runs/$1/$2" -type f -name summary.json 2>/dev/null | LC_ALL=C sort | head -n 1)"; }

# Exit 2 (bad or unmatched runs) still gives a comment; the reason stays in the log, never in the comment, since it
# may quote a value from the runs.
compare() {
  local into=$1; shift
  (cd "$harness" && dotnet run -c Release --no-build --project harness -- compare --base "$1" --base "$2" --diff "$3" --diff "$4" --threshold 5% --noise 1ns --fail-on never --out "$into") && return 0
  printf '%s\n### Benchmark comparison: not made\n\n`harness compare` refused these runs (exit %s); the reason is in the log of the workflow run.\n' "$marker" "$?" > "$into"
}

if [ "$families" = none ]; then
  printf '%s\n### Benchmark comparison: no benchmarked code changed\n\nThe change touches only documentation, results, tests or scripts, so nothing was measured (add the label `benchmark-all` to measure every family).\n' "$marker" > "$out"
elif [ -d "$runs/base/1" ] && [ -d "$runs/base/2" ]; then
  compare "$out" "$(run_of base 1)" "$(run_of base 2)" "$(run_of head 1)" "$(run_of head 2)"
  if [ -d "$runs/base/password-1" ] && [ -d "$runs/base/password-2" ]; then
    compare "$out.password" "$(run_of base password-1)" "$(run_of base password-2)" "$(run_of head password-1)" "$(run_of head password-2)"
    printf '\n#### Password hashes (sets test and owasp, bcrypt cost 10)\n\n' >> "$out"
    grep -v "^$marker" "$out.password" >> "$out"
    rm -f "$out.password"
  fi
  printf '\n<sub>Families measured: %s (two launches a side, interleaved).</sub>\n' "$families" >> "$out"
else
  printf '%s\n### Benchmark comparison\n\nThe base branch has no harness (or none of the selected families) to compare with.\n' "$marker" > "$out"
fi
