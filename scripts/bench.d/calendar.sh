# Start-up and the calendar tool against cal(1) and date(1).
# Debian: cal is in the ncal package.
if ! command -v cal >/dev/null; then
  report "calendar" "skipped: cal not installed (apt-get install ncal)"
else
  compare "toolbox calendar 1 2022  vs  cal 1 2022" "$TOOLBOX calendar 1 2022" "cal 1 2022" 1.0
  compare "toolbox calendar -y 2022  vs  cal -y 2022" "$TOOLBOX calendar -y 2022" "cal -y 2022" 2
  # Public holidays marked (config tools.calendar.holidays), and cal's -3 with ncal's week numbers.
  printf '{"tools": {"calendar": {"holidays": "KR"}}}\n' >"$WORK/calendar-holidays.json"
  compare "toolbox calendar 9 2026 (holiday marks)  vs  cal 9 2026" \
    "$TOOLBOX --config $WORK/calendar-holidays.json calendar 9 2026" "cal 9 2026" 2
  compare "toolbox calendar -y 2026 (holiday marks)  vs  cal -y 2026" \
    "$TOOLBOX --config $WORK/calendar-holidays.json calendar -y 2026" "cal -y 2026" 2
  compare "toolbox calendar -3 -w 1 2022  vs  ncal -b -w -3 1 2022" \
    "$TOOLBOX calendar -3 -w 1 2022" "ncal -b -w -3 1 2022" 2
  compare "toolbox --locale ko_KR calendar 1 2022  vs  cal 1 2022" \
    "$TOOLBOX --locale ko_KR calendar 1 2022" "cal 1 2022" 2
  compare "toolbox --locale de_DE calendar 1 2022 (table)  vs  cal 1 2022" \
    "$TOOLBOX --locale de_DE calendar 1 2022" "cal 1 2022" 1.5
fi
compare "toolbox --version  vs  date +%F" "$TOOLBOX --version" "date +%F" 2
