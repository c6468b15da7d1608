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
