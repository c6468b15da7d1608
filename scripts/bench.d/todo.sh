# The todo tool: `todo add` must stay flat as the store grows, `todo list` must beat todo.txt-cli, and
# list/export/import must stream (flat memory at 100,000 and 1,000,000 tasks).
# Sourced by scripts/bench ($TOOLBOX, $WORK and compare/report come from there).
#
#   add at 10,000 tasks  vs  add at 0 tasks         target ≤ 1.3× (an add costs the same in a big store)
#   list at 10,000 tasks vs  todo.sh ls, 10,000 lines target ≤ 0.33× (at least 3× faster)
#
# Both stores are real SQLite stores in $WORK, selected through config files so that both sides of each
# comparison do the same work at start-up. todo.txt-cli is Debian's todotxt-cli (installed as todo-txt).

todo_dir="$WORK/todo"
mkdir -p "$todo_dir"

# 10,000 tasks in todo.txt format: priorities, creation dates, tags and due dates, like a real list.
python3 - "$todo_dir/todo.txt" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    for n in range(1, 10001):
        priority = "(%s) " % "ABC"[n % 3] if n % 4 == 0 else ""
        due = " due:2026-12-%02d" % (n % 28 + 1) if n % 5 == 0 else ""
        f.write("%s2026-11-%02d Task number %d for the benchmark +project%d @home%s\n"
                % (priority, n % 28 + 1, n, n % 7, due))
PY

printf '{"tools": {"todo": {"store": "%s"}}}\n' "$todo_dir/empty.sqlite3" >"$todo_dir/empty.json"
printf '{"tools": {"todo": {"store": "%s"}}}\n' "$todo_dir/full.sqlite3" >"$todo_dir/full.json"
"$TOOLBOX" --config "$todo_dir/full.json" todo import "$todo_dir/todo.txt" >/dev/null
"$TOOLBOX" --config "$todo_dir/empty.json" todo list >/dev/null

compare "toolbox todo add, 10,000 tasks  vs  add, 0 tasks" \
  "$TOOLBOX --config $todo_dir/full.json todo add Benchmark task --tag bench" \
  "$TOOLBOX --config $todo_dir/empty.json todo add Benchmark task --tag bench" 1.3

# todo.txt-cli: install it if it is missing (Debian package todotxt-cli), else skip with a message.
todo_sh="$(command -v todo-txt || command -v todo.sh || true)"
if [ -z "$todo_sh" ] && command -v apt-get >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  echo "installing todotxt-cli for the todo benchmark..." >&2
  $sudo apt-get install -y -qq todotxt-cli >/dev/null 2>&1 \
    || { $sudo apt-get update -qq >/dev/null 2>&1 && $sudo apt-get install -y -qq todotxt-cli >/dev/null 2>&1; } \
    || true
  todo_sh="$(command -v todo-txt || command -v todo.sh || true)"
fi
if [ -z "$todo_sh" ]; then
  report "toolbox todo list  vs  todo.sh ls" "skipped: todo.txt-cli not installed (apt-get install todotxt-cli)"
else
  mkdir -p "$todo_dir/todo-txt"
  cp "$todo_dir/todo.txt" "$todo_dir/todo-txt/todo.txt"
  : >"$todo_dir/todo-txt/done.txt"
  : >"$todo_dir/todo-txt/report.txt"
  cat >"$todo_dir/todo-txt/config" <<EOF
export TODO_DIR="$todo_dir/todo-txt"
export TODO_FILE="\$TODO_DIR/todo.txt"
export DONE_FILE="\$TODO_DIR/done.txt"
export REPORT_FILE="\$TODO_DIR/report.txt"
EOF
  # The full store has grown by the add benchmark: list the same 10,000 tasks again from a fresh copy.
  printf '{"tools": {"todo": {"store": "%s"}}}\n' "$todo_dir/list.sqlite3" >"$todo_dir/list.json"
  "$TOOLBOX" --config "$todo_dir/list.json" todo import "$todo_dir/todo.txt" >/dev/null
  compare "toolbox todo list, 10,000 tasks  vs  todo.sh ls, 10,000" \
    "$TOOLBOX --config $todo_dir/list.json todo list" \
    "$todo_sh -d $todo_dir/todo-txt/config -p ls" 0.33
  compare "toolbox --json todo list, 10,000  vs  todo.sh ls, 10,000" \
    "$TOOLBOX --config $todo_dir/list.json --json todo list" \
    "$todo_sh -d $todo_dir/todo-txt/config -p ls"
fi

# Scale: 100,000 and 1,000,000 tasks. Each operation runs once on a store of that size; the line shows its
# wall time and peak memory (GNU time's maximum resident set size), and todo.sh's for the same operation on
# the same todo.txt where it can run (todo.sh is skipped at 1M for ls: it takes minutes). The targets
# (issue 15): memory flat (at most 50 MB at 1M tasks) and time linear. BENCH_SCALE="100000" limits the
# sizes.
measure() { # LABEL COMMAND… : prints "LABEL  12.34 s  23.4 MB"
  local label="$1"
  shift
  local out="$WORK/time.txt"
  if /usr/bin/time -f "%e %M" -o "$out" "$@" >/dev/null 2>"$WORK/stderr.txt"; then
    read -r seconds kilobytes <"$out"
    printf "%-58s %8.2f s  %7.1f MB\n" "$label" "$seconds" "$(awk "BEGIN { print $kilobytes / 1024 }")"
  else
    printf '%-58s FAILED: %s\n' "$label" "$(tail -1 "$WORK/stderr.txt")"
  fi
}
if [ ! -x /usr/bin/time ]; then
  report "toolbox todo at scale" "skipped: needs GNU time (apt-get install time)"
else
  for size in ${BENCH_SCALE:-100000 1000000}; do
    scale_dir="$todo_dir/scale-$size"
    mkdir -p "$scale_dir/todo-txt"
    python3 - "$scale_dir/todo.txt" "$size" <<'PY'
import sys
count = int(sys.argv[2])
with open(sys.argv[1], "w") as f:
    for n in range(1, count + 1):
        priority = "(%s) " % "ABC"[n % 3] if n % 4 == 0 else ""
        due = " due:2026-12-%02d" % (n % 28 + 1) if n % 5 == 0 else ""
        f.write("%s2026-11-%02d Task number %d for the benchmark +project%d @home%s\n"
                % (priority, n % 28 + 1, n, n % 7, due))
PY
    printf '{"tools": {"todo": {"store": "%s"}}}\n' "$scale_dir/store.sqlite3" >"$scale_dir/config.json"
    run=("$TOOLBOX" --config "$scale_dir/config.json" todo)
    label="$(printf "%'d" "$size")"
    measure "toolbox todo import todo.txt, $label tasks" "${run[@]}" import "$scale_dir/todo.txt"
    measure "toolbox todo add, $label tasks" "${run[@]}" add Benchmark task +bench
    measure "toolbox todo done, $label tasks" "${run[@]}" done 7
    measure "toolbox todo list, $label tasks" "${run[@]}" list
    measure "toolbox --json todo list --all, $label tasks" "$TOOLBOX" --config "$scale_dir/config.json" \
      --json todo list --all
    measure "toolbox todo list +project3 number, $label tasks" "${run[@]}" list +project3 number
    measure "toolbox todo list --grep 'number 4242 ', $label tasks" "${run[@]}" list --grep "number 4242 "
    measure "toolbox todo export (json), $label tasks" "${run[@]}" export -o "$scale_dir/export.json"
    measure "toolbox todo export --as todotxt, $label tasks" "${run[@]}" export --as todotxt
    measure "toolbox todo export --as ics, $label tasks" "${run[@]}" export --as ics
    printf '{"tools": {"todo": {"store": "%s"}}}\n' "$scale_dir/again.sqlite3" >"$scale_dir/again.json"
    printf '{"tools": {"todo": {"store": "%s"}}}\n' "$scale_dir/stdin.sqlite3" >"$scale_dir/stdin.json"
    measure "toolbox todo import (json), $label tasks" \
      "$TOOLBOX" --config "$scale_dir/again.json" todo import "$scale_dir/export.json"
    measure "toolbox todo import - (json on stdin), $label tasks" \
      sh -c "exec \"\$0\" --config \"\$1\" todo import - <\"\$2\"" "$TOOLBOX" \
      "$scale_dir/stdin.json" "$scale_dir/export.json"
    # sync reads the file whole (at most 16 MiB, about 200,000 tasks) and holds the list in memory.
    if [ "$size" -le 100000 ]; then
      "${run[@]}" export --as todotxt -o "$scale_dir/sync.txt" >/dev/null
      measure "toolbox todo sync (first, all linked), $label tasks" "${run[@]}" sync "$scale_dir/sync.txt"
      sed -i 's/^2026-11-10 Task number 9 /x 2026-12-02 2026-11-10 Task number 9 /' "$scale_dir/sync.txt"
      echo "2026-12-02 Added by another program" >>"$scale_dir/sync.txt"
      measure "toolbox todo sync (a completion and an addition in the file), $label tasks" "${run[@]}" sync "$scale_dir/sync.txt"
    fi
    if [ -n "$todo_sh" ]; then
      cp "$scale_dir/todo.txt" "$scale_dir/todo-txt/todo.txt"
      : >"$scale_dir/todo-txt/done.txt"
      : >"$scale_dir/todo-txt/report.txt"
      cat >"$scale_dir/todo-txt/config" <<CFG
export TODO_DIR="$scale_dir/todo-txt"
export TODO_FILE="\$TODO_DIR/todo.txt"
export DONE_FILE="\$TODO_DIR/done.txt"
export REPORT_FILE="\$TODO_DIR/report.txt"
CFG
      sh_run=("$todo_sh" -d "$scale_dir/todo-txt/config" -p -f)
      measure "todo.sh add, $label tasks" "${sh_run[@]}" add Benchmark task +bench
      measure "todo.sh do, $label tasks" "${sh_run[@]}" do 7
      if [ "$size" -le 100000 ]; then
        measure "todo.sh ls, $label tasks" "${sh_run[@]}" ls
        measure "todo.sh ls +project3 number, $label tasks" "${sh_run[@]}" ls +project3 number
      else
        report "todo.sh ls, $label tasks" "skipped: todo.sh ls sorts and numbers every line in shell (minutes)"
      fi
    fi
    rm -rf "$scale_dir"
  done
fi
