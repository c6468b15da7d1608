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
