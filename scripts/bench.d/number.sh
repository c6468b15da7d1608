# The number tool against Python Babel's format_decimal: 200,000 values through
# `toolbox number format --locale ko_KR` and through a Babel script doing the same (one Locale object, exact
# Decimal values, one output line per input line), same machine, same run. Target: toolbox ≥ 10× Babel's
# throughput. Babel 2.17.0 is pinned: it carries CLDR 46, the same release as the toolchain's ICU 76.
# The same for one column of a TSV (--field 2 --delimiter TAB, target ≥ 10× Babel), and against GNU
# numfmt --grouping on 200,000 en_US values (target ≥ 2× numfmt's throughput), each with its peak memory.
# Sourced by scripts/bench, which provides $TOOLBOX, $WORK, compare and report.

# number_rate INPUT LINES BASELINE_NAME TARGET TOOLBOX_COMMAND… -- BASELINE_COMMAND…
#   Lines per second of both commands on INPUT (median wall time of 5 interleaved runs each) and the ratio.
number_rate() {
  python3 - "$@" <<'PY'
import os, statistics, subprocess, sys, time
values, count, name, target = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
split = sys.argv.index("--")
commands = {"toolbox": sys.argv[5:split], name: sys.argv[split + 1:]}
times = {key: [] for key in commands}
for _ in range(5):
    for key, command in commands.items():
        with open(values, "rb") as source:
            start = time.perf_counter()
            subprocess.run(command, stdin=source, stdout=subprocess.DEVNULL, check=True)
            times[key].append(time.perf_counter() - start)
rate = {key: count / statistics.median(samples) for key, samples in times.items()}
ratio = rate["toolbox"] / rate[name]
print("toolbox %.0f lines/s  %s %.0f lines/s  %.2f× (target ≥ %g×: %s)"
      % (rate["toolbox"], name, rate[name], ratio, target, "met" if ratio >= target else "NOT met"))
PY
}

number_values="$WORK/number-values.txt"
number_small="$WORK/number-values-20k.txt"
number_venv="$WORK/babel-venv"
number_count=200000

python3 - "$number_values" "$number_small" "$number_count" <<'PY'
import random, sys
random.seed(20210219)  # the seed blog's NumberFormatter post
path, small, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = []
for _ in range(count):
    shape = random.random()
    if shape < 0.6:
        lines.append("%d.%03d" % (random.randint(0, 10**9), random.randint(0, 999)))
    elif shape < 0.9:
        lines.append(str(random.randint(-10**7, 10**7)))
    else:
        lines.append("%d.%d" % (random.randint(0, 10**15), random.randint(0, 10**6)))
open(path, "w").write("\n".join(lines) + "\n")
open(small, "w").write("\n".join(lines[:20000]) + "\n")
PY

cat >"$WORK/babel_format.py" <<'PY'
import sys
from decimal import Decimal
from babel import Locale
from babel.numbers import format_decimal

locale = Locale.parse(sys.argv[1])
write = sys.stdout.write
for line in sys.stdin:
    write(format_decimal(Decimal(line), locale=locale) + "\n")
PY

if ! { python3 -m venv "$number_venv" && "$number_venv/bin/pip" install -q "babel==2.17.0"; } >/dev/null 2>&1; then
  report "number format vs Babel" "skipped: could not install babel from PyPI into a venv"
else
  number_python="$number_venv/bin/python"
  # Both sides must print the same text, or the comparison means nothing.
  "$TOOLBOX" number format --locale ko_KR <"$number_small" >"$WORK/number-toolbox.txt"
  "$number_python" "$WORK/babel_format.py" ko_KR <"$number_small" >"$WORK/number-babel.txt"
  if ! cmp -s "$WORK/number-toolbox.txt" "$WORK/number-babel.txt"; then
    report "number format vs Babel" "WARNING: outputs differ on the 20,000-value sample"
  fi

  # Throughput on 200,000 values: median wall time of 5 runs each, interleaved.
  report "number format --locale ko_KR, $number_count values" "$(
    number_rate "$number_values" "$number_count" babel 10 \
      "$TOOLBOX" number format --locale ko_KR -- "$number_python" "$WORK/babel_format.py" ko_KR
  )"

  # The same 200,000 values in hyperfine's format (ratio = toolbox time / Babel time, target ≤ 0.1).
  RUNS="${BENCH_NUMBER_RUNS:-5}" compare "number format 200k values ko_KR  vs  Babel format_decimal" \
    "sh -c '\"$TOOLBOX\" number format --locale ko_KR <\"$number_values\"'" \
    "sh -c '\"$number_python\" \"$WORK/babel_format.py\" ko_KR <\"$number_values\"'" 0.1
fi

# One column of a TSV: `--field 2 --delimiter TAB` against a Babel script splitting each line the same way.
number_tsv="$WORK/number-values.tsv"
python3 - "$number_values" "$number_tsv" <<'PY'
import sys
values, tsv = sys.argv[1], sys.argv[2]
with open(values) as source, open(tsv, "w") as out:
    out.write("id\tamount\tnote\n")
    for index, line in enumerate(source):
        out.write("row%d\t%s\tpaid in full\n" % (index, line.strip()))
PY
cat >"$WORK/babel_columns.py" <<'PY'
import sys
from decimal import Decimal
from babel import Locale
from babel.numbers import format_decimal

locale = Locale.parse(sys.argv[1])
write = sys.stdout.write
lines = iter(sys.stdin)
write(next(lines))
for line in lines:
    fields = line.rstrip("\n").split("\t")
    fields[1] = format_decimal(Decimal(fields[1]), locale=locale)
    write("\t".join(fields) + "\n")
PY
if [ -n "${number_python:-}" ]; then
  head -20001 "$number_tsv" >"$WORK/number-values-20k.tsv"
  "$TOOLBOX" number format --locale ko_KR --field 2 --delimiter "$(printf '\t')" --header 1 \
    <"$WORK/number-values-20k.tsv" >"$WORK/columns-toolbox.txt"
  "$number_python" "$WORK/babel_columns.py" ko_KR <"$WORK/number-values-20k.tsv" >"$WORK/columns-babel.txt"
  if ! cmp -s "$WORK/columns-toolbox.txt" "$WORK/columns-babel.txt"; then
    report "number format --field 2 vs Babel" "WARNING: outputs differ on the 20,000-line sample"
  fi
  report "number format --field 2 (TSV), $number_count lines" "$(
    number_rate "$number_tsv" "$number_count" babel 10 \
      "$TOOLBOX" number format --locale ko_KR --field 2 --delimiter "$(printf '\t')" --header 1 \
      -- "$number_python" "$WORK/babel_columns.py" ko_KR
  )"
fi

# GNU numfmt --grouping on the same kind of input, en_US: integers and decimals with 1-3 fraction digits
# (a last fraction digit of 0 would be kept by numfmt and dropped by toolbox's default pattern). The
# en_US.UTF-8 locale is compiled with localedef into $WORK when the system has none. Toolbox's output is
# checked against Python's exact Decimal grouping; numfmt's lines that differ (it rounds through long
# double) are counted.
number_numfmt="$WORK/number-numfmt.txt"
python3 - "$number_numfmt" "$number_count" <<'PY'
import random, sys
random.seed(1995)
path, count = sys.argv[1], int(sys.argv[2])
with open(path, "w") as out:
    for _ in range(count):
        if random.random() < 0.6:
            digits = random.randint(1, 3)
            fraction = random.randint(1, 10**digits - 1)
            while fraction % 10 == 0:
                fraction = random.randint(1, 10**digits - 1)
            out.write("%d.%0*d\n" % (random.randint(0, 10**9), digits, fraction))
        else:
            out.write("%d\n" % random.randint(-10**9, 10**9))
PY
number_locale=(env LC_ALL=en_US.UTF-8)
if ! locale -a 2>/dev/null | grep -qi '^en_US\.utf-\?8$'; then
  mkdir -p "$WORK/locales"
  if localedef -i en_US -f UTF-8 "$WORK/locales/en_US.UTF-8" >/dev/null 2>&1; then
    number_locale=(env LOCPATH="$WORK/locales" LC_ALL=en_US.UTF-8)
  else
    number_locale=()
  fi
fi
if ! command -v numfmt >/dev/null || [ ${#number_locale[@]} -eq 0 ]; then
  report "number format vs numfmt --grouping" "skipped: needs numfmt and an en_US.UTF-8 locale (localedef)"
else
  "$TOOLBOX" number format --locale en_US <"$number_numfmt" >"$WORK/numfmt-toolbox.txt"
  "${number_locale[@]}" numfmt --grouping <"$number_numfmt" >"$WORK/numfmt-numfmt.txt" || true
  report "number format vs numfmt: output" "$(
    python3 - "$number_numfmt" "$WORK/numfmt-toolbox.txt" "$WORK/numfmt-numfmt.txt" <<'PY'
import sys
from decimal import Decimal
values, ours, theirs = (open(path).read().split("\n")[:-1] for path in sys.argv[1:4])
exact = ["{:,}".format(Decimal(value)) for value in values]
wrong = sum(1 for a, b in zip(ours, exact) if a != b) + abs(len(ours) - len(exact))
numfmt = sum(1 for a, b in zip(theirs, exact) if a != b) + abs(len(theirs) - len(exact))
print("toolbox %d lines not exact, numfmt %d of %d lines not exact (long double rounding)"
      % (wrong, numfmt, len(exact)))
PY
  )"
  report "number format --locale en_US vs numfmt --grouping" "$(
    number_rate "$number_numfmt" "$number_count" numfmt 2 \
      "$TOOLBOX" number format --locale en_US -- "${number_locale[@]}" numfmt --grouping
  )"
fi

# Memory stays flat on long streams: peak resident memory for 200,000 and 2,000,000 lines (GNU time).
if [ -x /usr/bin/time ]; then
  python3 - "$WORK/number-values-2m.txt" <<'PY'
import random, sys
random.seed(2)
with open(sys.argv[1], "w") as out:
    for _ in range(2_000_000):
        out.write("%d.%03d\n" % (random.randint(0, 10**9), random.randint(0, 999)))
PY
  number_peak() { /usr/bin/time -f %M "$TOOLBOX" number format --locale hi_IN "${@:2}" <"$1" 2>&1 >/dev/null | tail -1; }
  report "number format memory, 200k / 2M lines" \
    "peak RSS $(number_peak "$number_values") KiB / $(number_peak "$WORK/number-values-2m.txt") KiB"
  sed 's/^/x\t/; s/$/\ty/' "$WORK/number-values-2m.txt" >"$WORK/number-values-2m.tsv"
  report "number format --field 2 memory, 200k / 2M lines" \
    "peak RSS $(number_peak "$number_tsv" --field 2) KiB / $(number_peak "$WORK/number-values-2m.tsv" --field 2) KiB"
else
  report "number format memory" "skipped: /usr/bin/time not installed (apt-get install time)"
fi

# Start-up with ICU locale data: one value, a locale whose data is loaded from ICU.
compare "toolbox number format 1234567.891 --locale hi_IN  vs  printf" \
  "$TOOLBOX number format 1234567.891 --locale hi_IN" "printf %s\\n 12,34,567.891"
