# The search tool against the obvious baselines, on a local server only (never itunes.apple.com):
#   - a cached `toolbox search` (read the cache entry, parse it, print the table) vs `cat` of that entry;
#   - an uncached request (toolbox, then its HTTP helper over libcurl) vs `curl -s` of the same URL.
# The server is the scripted test server of the search tests, answering every request with a fixture.
if [ -z "${BENCH_BIN_DIR:-}" ]; then
  echo "building the HTTP helper (release)..." >&2
  swift build -c release --product toolbox-http >&2
fi

search_fixtures="Tests/ToolboxSearchTests/Fixtures"
search_fifo="$WORK/search-server-stdin"
mkfifo "$search_fifo"
python3 -S "$search_fixtures/search_server.py" \
  "{\"responses\":[{\"status\":200,\"bodyFile\":\"$PWD/$search_fixtures/software.json\"}]}" /dev/null \
  <"$search_fifo" >"$WORK/search-server-port" &
search_server_pid=$!
# The server runs until its standard input closes: this descriptor, closed at the end (or when bench exits).
exec {search_server_stdin}>"$search_fifo"
for _ in $(seq 100); do
  [ -s "$WORK/search-server-port" ] && break
  sleep 0.05
done
search_base="http://127.0.0.1:$(head -n 1 "$WORK/search-server-port")"
search_url="$search_base/search?term=yelp&country=US&limit=50"

rm -rf "$XDG_CACHE_HOME/toolbox/search"
if "$TOOLBOX" search yelp --base-url "$search_base" >/dev/null; then
  search_entry="$(ls "$XDG_CACHE_HOME"/toolbox/search/*.cache)"
  compare "toolbox search yelp (cached)  vs  cat of the cache file" \
    "$TOOLBOX search yelp --base-url $search_base" "cat $search_entry" 3
  compare "toolbox --json search yelp (cached)  vs  cat of the cache file" \
    "$TOOLBOX --json search yelp --base-url $search_base" "cat $search_entry" 3
  if command -v curl >/dev/null; then
    compare "toolbox search yelp --no-cache (local server)  vs  curl -s" \
      "$TOOLBOX search yelp --no-cache --base-url $search_base" "curl -s $search_url" 1.3
  else
    report "search (uncached)" "skipped: curl not installed (apt-get install curl)"
  fi
else
  report "search" "FAILED: toolbox search could not fetch from the local server $search_base"
fi

exec {search_server_stdin}>&-
wait "$search_server_pid" 2>/dev/null || true
