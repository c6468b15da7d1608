# The number tool against Python Babel's format_decimal: 200,000 values through
# `toolbox number format --locale ko_KR` and through a Babel script doing the same (one Locale object, exact
# Decimal values, one output line per input line), same machine, same run. Target: toolbox ≥ 10× Babel's
# throughput. Babel 2.17.0 is pinned: it carries CLDR 46, the same release as the toolchain's ICU 76.
# Sourced by scripts/bench, which provides $TOOLBOX, $WORK, compare and report.

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
    python3 - "$TOOLBOX" "$number_python" "$WORK/babel_format.py" "$number_values" "$number_count" <<'PY'
import statistics, subprocess, sys, time
toolbox, python, script, values, count = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
commands = {
    "toolbox": [toolbox, "number", "format", "--locale", "ko_KR"],
    "babel": [python, script, "ko_KR"],
}
times = {name: [] for name in commands}
for _ in range(5):
    for name, command in commands.items():
        with open(values, "rb") as source:
            start = time.perf_counter()
            subprocess.run(command, stdin=source, stdout=subprocess.DEVNULL, check=True)
            times[name].append(time.perf_counter() - start)
rate = {name: count / statistics.median(samples) for name, samples in times.items()}
ratio = rate["toolbox"] / rate["babel"]
print("toolbox %.0f lines/s  babel %.0f lines/s  %.1f× (target ≥ 10×: %s)"
      % (rate["toolbox"], rate["babel"], ratio, "met" if ratio >= 10 else "NOT met"))
PY
  )"

  # The same 200,000 values in hyperfine's format (ratio = toolbox time / Babel time, target ≤ 0.1).
  RUNS="${BENCH_NUMBER_RUNS:-5}" compare "number format 200k values ko_KR  vs  Babel format_decimal" \
    "sh -c '\"$TOOLBOX\" number format --locale ko_KR <\"$number_values\"'" \
    "sh -c '\"$number_python\" \"$WORK/babel_format.py\" ko_KR <\"$number_values\"'" 0.1
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
  number_peak() { /usr/bin/time -f %M "$TOOLBOX" number format --locale hi_IN <"$1" 2>&1 >/dev/null | tail -1; }
  report "number format memory, 200k / 2M lines" \
    "peak RSS $(number_peak "$number_values") KiB / $(number_peak "$WORK/number-values-2m.txt") KiB"
else
  report "number format memory" "skipped: /usr/bin/time not installed (apt-get install time)"
fi

# Start-up with ICU locale data: one value, a locale whose data is loaded from ICU.
compare "toolbox number format 1234567.891 --locale hi_IN  vs  printf" \
  "$TOOLBOX number format 1234567.891 --locale hi_IN" "printf %s\\n 12,34,567.891"
