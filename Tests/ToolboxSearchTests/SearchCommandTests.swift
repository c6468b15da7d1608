import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxSearch

/// The command line, validation and `--url`: no request is ever made (the client fails every request).
@Suite struct SearchCommandTests {
  let runner = ToolboxRunner(tools: [SearchTool.self], http: UnavailableHTTPClient())

  func url(_ arguments: String...) -> String {
    let result = runner.run(arguments + ["--url"])
    #expect(result.status == 0, "\(arguments): \(result.error)")
    return result.output
  }

  @Test func `no term shows the help to a person and is a usage error in JSON`() {
    let person = runner.run("search")
    #expect(person.status == 0)
    #expect(person.output.hasPrefix("OVERVIEW: Search the iTunes Store"))
    #expect(person.output == runner.run("help", "search").output)
    for arguments in [
      ["--json", "search"], ["search", "--json"], ["--format", "json", "search"],
    ] {
      let program = runner.run(arguments)
      #expect(program.status == 64)
      #expect(program.output == "")
      #expect(
        program.error
          == #"{"error":{"code":"missing_argument","message":"missing argument <term>","tool":"search"}}"#
          + "\n")
    }
  }

  @Test func `--url prints the exact request URL and sends nothing`() {
    #expect(
      url("search", "jack", "johnson")
        == "https://itunes.apple.com/search?term=jack+johnson&country=US&limit=50\n")
    let json = runner.run("--json", "search", "--url", "a+b & 한*")
    #expect(json.status == 0)
    #expect(
      json.output
        == "{\n  \"url\": \"https://itunes.apple.com/search?term=a%2Bb+%26+%ED%95%9C*&country=US&limit=50\"\n}\n"
    )
  }

  @Test func `every search parameter is sent in a fixed order`() {
    #expect(
      url(
        "search", "love", "--media", "music", "--entity", "song", "--attribute", "songTerm",
        "--country",
        "kr", "--limit", "10", "--offset", "20", "--lang", "ja_jp", "--explicit", "no", "--version",
        "1",
        "--callback", "wsSearchCB")
        == "https://itunes.apple.com/search?term=love&country=kr&media=music&entity=song"
        + "&attribute=songTerm&limit=10&offset=20&lang=ja_jp&version=1&explicit=No&callback=wsSearchCB\n"
    )
    #expect(
      url("search", "x", "--explicit", "yes", "--media", "all")
        == "https://itunes.apple.com/search?term=x&country=US&media=all&limit=50&explicit=Yes\n")
  }

  @Test(arguments: [
    ("song", "music"), ("album", "all"), ("movieArtist", "movie"), ("musicArtist", "music"),
    ("software", "software"), ("podcastEpisode", "podcast"), ("allTrack", "all"),
  ])
  func `--entity without --media implies the media`(entity: String, media: String) {
    #expect(
      url("search", "x", "--entity", entity)
        == "https://itunes.apple.com/search?term=x&country=US&media=\(media)&entity=\(entity)&limit=50\n"
    )
  }

  @Test func `--version after the tool name is the API's result version`() {
    #expect(
      url("search", "x", "--version", "2")
        == "https://itunes.apple.com/search?term=x&country=US&limit=50&version=2\n")
    let version = runner.run("--version")
    #expect(version.output == "toolbox 0.1.0 (unknown commit)\n")
    let missing = runner.run("search", "x", "--version")
    #expect(missing.status == 64)
    #expect(missing.error.hasPrefix("toolbox: search: option '--version' needs a value <n>\n"))
  }

  @Test func `a term that is the word lookup goes after --`() {
    let result = runner.run("search", "--url", "--", "lookup")
    #expect(result.output == "https://itunes.apple.com/search?term=lookup&country=US&limit=50\n")
    let option = runner.run("search", "--url", "--", "--media")
    #expect(option.output == "https://itunes.apple.com/search?term=--media&country=US&limit=50\n")
  }

  @Test func `--base-url keeps a path prefix and drops trailing slashes`() {
    #expect(
      url("search", "x", "--base-url", "http://127.0.0.1:8080/api/")
        == "http://127.0.0.1:8080/api/search?term=x&country=US&limit=50\n")
  }

  // MARK: - Lookup

  @Test(arguments: [
    (["--id", "909253"], "lookup?id=909253&country=US"),
    (["--id", "909253,284910350"], "lookup?id=909253,284910350&country=US"),
    (
      ["--amg-artist-id", "468749,5723", "--entity", "album", "--limit", "5"],
      "lookup?amgArtistId=468749,5723&entity=album&limit=5&country=US"
    ),
    (
      ["--amg-artist-id", "468749,5723", "--entity", "song", "--limit", "5", "--sort", "recent"],
      "lookup?amgArtistId=468749,5723&entity=song&limit=5&sort=recent&country=US"
    ),
    (["--amg-album-id", "15175,15176"], "lookup?amgAlbumId=15175,15176&country=US"),
    (["--amg-video-id", "17120"], "lookup?amgVideoId=17120&country=US"),
    (
      ["--upc", "720642462928", "--entity", "song"],
      "lookup?upc=720642462928&entity=song&country=US"
    ),
    (["--isbn", "978-0-316-06935-9"], "lookup?isbn=9780316069359&country=US"),
    (
      ["--bundle-id", "com.facebook.Facebook", "--country", "kr"],
      "lookup?bundleId=com.facebook.Facebook&country=kr"
    ),
    (["--id", "1", "--callback", "cb"], "lookup?id=1&country=US&callback=cb"),
  ])
  func `lookup sends its key`(arguments: [String], path: String) {
    let result = runner.run(["search", "lookup", "--url"] + arguments)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == "https://itunes.apple.com/\(path)\n")
  }

  // MARK: - Validation (exit 64 before any request)

  @Test(arguments: [
    (
      ["search", "x", "--media", "movie", "--entity", "album"],
      "entity 'album' is not valid for media 'movie' (valid: movie, movieArtist)"
    ),
    (
      ["search", "x", "--media", "ebook", "--attribute", "titleTerm"],
      "attribute 'titleTerm' is not valid for media 'ebook' (it takes none)"
    ),
    (
      ["search", "x", "--media", "software", "--attribute", "artistTerm"],
      "attribute 'artistTerm' is not valid for media 'software' (valid: softwareDeveloper)"
    ),
    (
      ["search", "x", "--entity", "song", "--attribute", "actorTerm"],
      "attribute 'actorTerm' is not valid for media 'music' (valid: albumTerm, artistTerm, composerTerm, "
        + "genreIndex, mixTerm, ratingIndex, songTerm)"
    ),
    (
      ["search", "x", "--media", "films"],
      "invalid value 'films' for --media (valid: movie, podcast, music, musicVideo, audiobook, shortFilm, "
        + "tvShow, software, ebook, all; did you mean 'movie'?)"
    ),
    (["search", "x", "--lang", "ko_kr"], "invalid value 'ko_kr' for --lang (valid: en_us, ja_jp)"),
    (
      ["search", "x", "--explicit", "maybe"],
      "invalid value 'maybe' for --explicit (valid: yes, no)"
    ),
    (["search", "x", "--version", "3"], "invalid value '3' for --version (valid: 1, 2)"),
    (["search", "x", "--limit", "0"], "invalid value '0' for --limit: expected 1-200"),
    (["search", "x", "--limit", "201"], "invalid value '201' for --limit: expected 1-200"),
    (["search", "x", "--limit", "ten"], "invalid value 'ten' for --limit: expected 1-200"),
    (
      ["search", "x", "--offset", "-1"],
      "invalid value '-1' for --offset: expected an integer of at least 0"
    ),
    (
      ["search", "x", "--country", "USA"],
      "invalid country 'USA': expected a two-letter country code such as US, KR or JP"
    ),
    (
      ["search", "x", "--country", "1A"],
      "invalid country '1A': expected a two-letter country code such as US, KR or JP"
    ),
    (
      ["search", "x", "--country", "uk"],
      "invalid country 'uk': not an ISO 3166 country code; did you mean 'gb'?"
    ),
    (
      ["search", "x", "--country", "UK"],
      "invalid country 'UK': not an ISO 3166 country code; did you mean 'GB'?"
    ),
    (
      ["search", "x", "--country", "XX"],
      "invalid country 'XX': not an ISO 3166 country code (such as US, KR or JP)"
    ),
    (
      ["search", "x", "--media", "app"],
      "invalid value 'app' for --media (valid: movie, podcast, music, musicVideo, audiobook, shortFilm, tvShow, software, ebook, all; did you mean 'software'?)"
    ),
    (
      ["search", "x", "--media", "Books"],
      "invalid value 'Books' for --media (valid: movie, podcast, music, musicVideo, audiobook, shortFilm, tvShow, software, ebook, all; did you mean 'ebook'?)"
    ),
    (
      ["search", "x", "--timeout", "0"],
      "invalid value '0' for --timeout: expected seconds above 0, at most 3600"
    ),
    (
      ["search", "x", "--timeout", "soon"],
      "invalid value 'soon' for --timeout: expected seconds above 0, at most 3600"
    ),
    (["search", "x", "--retries", "11"], "invalid value '11' for --retries: expected 0-10"),
    (
      ["search", "x", "--base-url", "ftp://example.com"],
      "invalid value 'ftp://example.com' for --base-url: expected an http or https URL without a query, "
        + "e.g. http://127.0.0.1:8080"
    ),
    (
      ["search", "x", "--base-url", "http://example.com/?a=b"],
      "invalid value 'http://example.com/?a=b' for --base-url: expected an http or https URL without a "
        + "query, e.g. http://127.0.0.1:8080"
    ),
    (
      ["search", "x", "--callback", "alert(1)"],
      "invalid value 'alert(1)' for --callback: expected a JavaScript function name such as wsSearchCB"
    ),
    (["search", " "], "the search term is empty"),
    (["search", "--country", "kr"], "missing argument <term>"),
    (
      ["search", "lookup"],
      "missing lookup key: give one of --id, --amg-artist-id, --amg-album-id, --amg-video-id, --upc, "
        + "--isbn, --bundle-id"
    ),
    (
      ["search", "lookup", "--id", "1", "--upc", "720642462928"],
      "give exactly one lookup key, not --id and --upc"
    ),
    (
      ["search", "lookup", "--isbn", "978031606935"],
      "invalid ISBN '978031606935': expected 13 digits (ISBN-13), e.g. 9780316069359"
    ),
    (
      ["search", "lookup", "--isbn", "97803160693590"],
      "invalid ISBN '97803160693590': expected 13 digits (ISBN-13), e.g. 9780316069359"
    ),
    (
      ["search", "lookup", "--id", "jack"],
      "invalid value 'jack' for --id: expected numeric ids separated by commas, e.g. 909253,284910350"
    ),
    (
      ["search", "lookup", "--amg-artist-id", "1,,2"],
      "invalid value '1,,2' for --amg-artist-id: expected numeric ids separated by commas, e.g. "
        + "909253,284910350"
    ),
    (
      ["search", "lookup", "--upc", "123"],
      "invalid value '123' for --upc: expected UPC/EAN barcodes of 8 to 14 digits, separated by commas"
    ),
    (
      ["search", "lookup", "--bundle-id", "com.x/y"],
      "invalid value 'com.x/y' for --bundle-id: expected bundle identifiers such as com.facebook.Facebook, "
        + "separated by commas"
    ),
    (
      ["search", "lookup", "--id", "1", "--sort", "popular"],
      "invalid value 'popular' for --sort (valid: recent)"
    ),
    (
      ["search", "lookup", "--id", "1", "--limit", "500"],
      "invalid value '500' for --limit: expected 1-200"
    ),
    (
      ["search", "lookup", "--id", "1", "--entity", "songs"],
      "invalid value 'songs' for --entity (valid: "
        + "movie, movieArtist, podcast, podcastAuthor, podcastEpisode, musicArtist, musicTrack, album, "
        + "musicVideo, mix, song, audiobook, audiobookAuthor, shortFilm, shortFilmArtist, tvEpisode, "
        + "tvSeason, software, iPadSoftware, macSoftware, desktopSoftware, ebook, allTrack, allArtist; "
        + "did you mean 'song'?)"
    ),
  ])
  func `bad input is a usage error naming the valid values`(arguments: [String], message: String) {
    let result = runner.run(arguments)
    #expect(result.status == 64)
    #expect(result.output == "")
    #expect(
      result.error.split(separator: "\n").first.map(String.init) == "toolbox: search: \(message)")
  }

  @Test func `usage errors are JSON with --json`() {
    let result = runner.run("--json", "search", "x", "--limit", "0")
    #expect(result.status == 64)
    #expect(
      result.error
        == "{\"error\":{\"code\":\"invalid_value\",\"message\":\"invalid value '0' for --limit: expected "
        + "1-200\",\"tool\":\"search\"}}\n")
  }

  // MARK: - Help and completions

  @Test func `help shows the media tables and both commands`() {
    let help = runner.run("search", "--help")
    #expect(help.status == 0)
    #expect(help.output.contains("  movie       entities:   movie, movieArtist\n"))
    #expect(
      help.output.contains("  ebook       entities:   ebook\n              attributes: (none)\n"))
    #expect(help.output.contains("SUBCOMMANDS:\n  lookup "))
    let lookup = runner.run("help", "search", "lookup")
    #expect(lookup.status == 0)
    #expect(
      lookup.output.hasPrefix(
        "OVERVIEW: Look items up by iTunes id, AMG id, UPC, ISBN or bundle id."))
    #expect(lookup.output.contains("--bundle-id <ids>"))
    let command = runner.run("search", "x", "--help")
    #expect(command.output.contains("--callback <name>"))
  }

  @Test func `every help example runs offline with --url`() throws {
    for command in SearchTool.commands {
      for example in command.spec.examples {
        var words = example.split(separator: " ").map(String.init).dropFirst().map { $0 }
        guard let search = words.firstIndex(of: "search") else {
          Issue.record("example without 'search': \(example)")
          continue
        }
        let insertAt =
          words.count > search + 1 && words[search + 1] == "lookup" ? search + 2 : search + 1
        words.insert("--url", at: insertAt)
        let result = runner.run(words)
        #expect(result.status == 0, "\(example): \(result.error)")
        #expect(result.output.contains("https://itunes.apple.com/"), "\(example)")
      }
    }
  }

  @Test func `completions offer the API's tables, filtered by the media already given`() {
    func values(_ words: String...) -> [String] {
      let lines = runner.run(["__complete", "--", "search"] + words).output.split(separator: "\n")
      return lines.dropLast().map { String($0.prefix { $0 != "\t" }) }
    }
    #expect(values("l") == ["lookup"])
    #expect(values("--media", "mu") == ["music", "musicVideo"])
    #expect(
      values("--media", "music", "--entity", "")
        == MediaCatalog.media(named: "music")?.sortedEntities)
    #expect(values("--entity", "musicV") == ["musicVideo"])
    #expect(values("--media=movie", "--attribute", "act") == ["actorTerm"])
    #expect(values("--country", "k").contains("kr"))
    #expect(values("lookup", "--bun") == ["--bundle-id"])
    #expect(values("--lang", "") == ["en_us", "ja_jp"])
  }
}
