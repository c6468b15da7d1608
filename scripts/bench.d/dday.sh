# The dday tool against GNU date(1), which every Debian system has (coreutils).
compare "toolbox dday after 100 --from 2020-11-01  vs  date -d" \
  "$TOOLBOX dday after 100 --from 2020-11-01" "date -d '2020-11-01 +100 days' +%F" 2
compare "toolbox dday before 160271 --from 2020-11-01  vs  date -d" \
  "$TOOLBOX dday before 160271 --from 2020-11-01" "date -d '2020-11-01 -160271 days' +%F" 2
compare "toolbox dday between 2020-11-01 2026-12-25  vs  date +%s" \
  "$TOOLBOX dday between 2020-11-01 2026-12-25" "date -d 2026-12-25 +%s" 2
# Lunar conversion reads the compiled table for lunar years 1391-2050 (ICU's dangi calendar only outside it); no
# common command-line baseline exists, so this is measured against date(1), target 1.5x.
compare "toolbox dday lunar 2025-10-06 (lunar table)  vs  date -d" \
  "$TOOLBOX dday lunar 2025-10-06" "date -d '2025-10-06 +0 days' +%F" 1.5
compare "toolbox --locale ko_KR dday anniversaries 2026-03-14  vs  date -d" \
  "$TOOLBOX --locale ko_KR dday anniversaries 2026-03-14" "date -d '2026-03-14 +99 days' +%F"

# Saved D-Days and the agenda against cal(1), target 2x each (issue 14): `dday list` with 1,000 saved D-Days,
# and `agenda --days 30` with those 1,000 D-Days and 10,000 todo tasks. The tasks are a list kept for five
# years (todo.txt and done.txt together): created day after day up to today, seven in ten with a due date
# up to six weeks after they were created, done once due, except one in fifty left undone (about 200 overdue,
# of which the agenda lists the latest 10); the rest without a due date, done after a month except one in
# twenty. Dates are relative to the day of the run. Both stores are selected by one config file.
if ! command -v cal >/dev/null; then
  report "toolbox dday list / agenda  vs  cal" "skipped: cal not installed (apt-get install ncal)"
else
  dday_dir="$WORK/dday"
  mkdir -p "$dday_dir"
  printf '{"tools": {"dday": {"store": "%s"}, "todo": {"store": "%s"}}}\n' \
    "$dday_dir/dday.sqlite3" "$dday_dir/todo.sqlite3" >"$dday_dir/config.json"
  # 1,000 D-Days like a real list: one-off dates (past and future), yearly and lunar yearly birthdays, monthly
  # payments. There is no bulk import of D-Days yet (dday import reads iCalendar), so they are added one by one.
  python3 - "$dday_dir/events.txt" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    for n in range(1000):
        kind = n % 4
        year, month, day = 1950 + n % 77, n % 12 + 1, n % 28 + 1
        date = "%04d-%02d-%02d" % (year, month, day)
        extra = ["", "--yearly", "--lunar --yearly", "--monthly"][kind]
        f.write("Event %d|%s|%s\n" % (n, date, extra))
PY
  echo "adding 1,000 D-Days for the dday benchmarks..." >&2
  while IFS='|' read -r name date extra; do
    # shellcheck disable=SC2086
    "$TOOLBOX" --config "$dday_dir/config.json" dday add "$name" "$date" $extra >/dev/null
  done <"$dday_dir/events.txt"
  python3 - "$dday_dir/tasks.txt" <<'PY'
import datetime, sys
today = datetime.date.today()
with open(sys.argv[1], "w") as f:
    for n in range(1, 10001):
        created = today - datetime.timedelta(days=1825 - n * 1825 // 10000)
        text = "Task %d for the benchmark +bench" % n
        if n % 10 < 7:
            due = created + datetime.timedelta(days=n % 45)
            line = "%s %s due:%s" % (created, text, due)
            if due < today and n % 50 != 0:
                line = "x %s %s" % (due, line)
        else:
            line = "%s %s" % (created, text)
            if created < today - datetime.timedelta(days=30) and n % 20 != 17:
                line = "x %s %s" % (created + datetime.timedelta(days=30), line)
        f.write(line + "\n")
PY
  "$TOOLBOX" --config "$dday_dir/config.json" todo import "$dday_dir/tasks.txt" >/dev/null
  compare "toolbox dday list, 1,000 D-Days  vs  cal" \
    "$TOOLBOX --config $dday_dir/config.json dday list" "cal" 2
  compare "toolbox agenda --days 30, 1,000 D-Days + 10,000 tasks  vs  cal" \
    "$TOOLBOX --config $dday_dir/config.json agenda --days 30" "cal" 2
fi

# Scale (issue 25): 100,000 saved D-Days (the kinds above, written into the store with sqlite3 after `dday add`
# created it) and the largest anniversary list. Each command runs once; the line shows its wall time and
# peak memory (GNU time's maximum resident set size). Target: at most 30 MB each.
if [ ! -x /usr/bin/time ] || ! command -v sqlite3 >/dev/null; then
  report "toolbox dday at scale" "skipped: needs GNU time and sqlite3 (apt-get install time sqlite3)"
else
  dday_peak() { # LABEL COMMAND… : prints "LABEL  1.23 s  12.3 MB"
    local label="$1" out="$WORK/dday-time.txt"
    shift
    if /usr/bin/time -f "%e %M" -o "$out" "$@" >/dev/null 2>"$WORK/dday-stderr.txt"; then
      read -r seconds kilobytes <"$out"
      printf "%-58s %8.2f s  %7.1f MB\n" "$label" "$seconds" "$(awk "BEGIN { print $kilobytes / 1024 }")"
    else
      printf '%-58s FAILED: %s\n' "$label" "$(tail -1 "$WORK/dday-stderr.txt")"
    fi
  }
  scale_dir="$WORK/dday-scale"
  mkdir -p "$scale_dir"
  printf '{"tools": {"dday": {"store": "%s"}, "todo": {"store": "%s"}}}\n' \
    "$scale_dir/dday.sqlite3" "$scale_dir/todo.sqlite3" >"$scale_dir/config.json"
  "$TOOLBOX" --config "$scale_dir/config.json" dday add Seed 2020-01-01 >/dev/null
  sqlite3 "$scale_dir/dday.sqlite3" <<'SQL'
DELETE FROM events;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
INSERT INTO events (name, date, lunar, repeats, created)
SELECT 'Event ' || i, printf('%04d-%02d-%02d', 1950 + i % 77, i % 12 + 1, i % 28 + 1), i % 4 = 2,
       CASE i % 4 WHEN 0 THEN 'none' WHEN 3 THEN 'monthly' ELSE 'yearly' END, '2026-01-01'
FROM n;
SQL
  scale=("$TOOLBOX" --config "$scale_dir/config.json")
  dday_peak "toolbox dday list, 100,000 D-Days" "${scale[@]}" dday list
  dday_peak "toolbox --json dday list, 100,000 D-Days" "${scale[@]}" --json dday list
  dday_peak "toolbox calendar -y, 100,000 D-Days" "${scale[@]}" calendar -y
  dday_peak "toolbox agenda, 100,000 D-Days" "${scale[@]}" agenda
  dday_peak "toolbox agenda --days 365, 100,000 D-Days" "${scale[@]}" agenda --days 365
  dday_peak "toolbox --json agenda --days 365, 100,000 D-Days" "${scale[@]}" --json agenda --days 365
  dday_peak "toolbox calendar -y --agenda, 100,000 D-Days" "${scale[@]}" calendar -y --agenda
  dday_peak "toolbox --json calendar -y --agenda, 100,000 D-Days" "${scale[@]}" --json calendar -y --agenda
  dday_peak "toolbox dday export, 100,000 D-Days" "${scale[@]}" dday export
  dday_peak "toolbox dday export --ics, 100,000 D-Days" "${scale[@]}" dday export --ics
  dday_peak "toolbox --json dday anniversaries --count 3652059" \
    "$TOOLBOX" --json dday anniversaries 0001-01-01 --every 1 --count 3652059
fi
