# toolbox todo sync URL against vdirsyncer sync, both with the same Radicale on 127.0.0.1 (issue 29's
# targets: a first upload of 1,000 tasks, a sync with nothing to do and one after 10 changes on the
# server each at most half vdirsyncer's time; at most 30 MB at 10,000 tasks). Radicale and vdirsyncer
# come from the test venv (.ci/run makes it); the line says how to get them when they are missing.
if [ -z "${BENCH_BIN_DIR:-}" ]; then
  echo "building the HTTP helper (release)..." >&2
  swift build -c release --product toolbox-http >&2
fi
TOOLBOX="$TOOLBOX" scripts/sync-bench
