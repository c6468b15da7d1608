import ToolboxCore

/// Successful API responses on disk under `$XDG_CACHE_HOME/toolbox/search/`, one file per request URL.
///
/// A file is named after a 64-bit FNV-1a hash of the URL and holds a three-line header (format version, the
/// time it was fetched by the tool's clock, the URL) followed by the body exactly as the server sent it:
///
///     toolbox-search-cache 1
///     1796212800.25
///     https://itunes.apple.com/search?term=yelp&country=US&limit=50
///     {"resultCount":…}
///
/// Writes are atomic (temporary file, then rename). A file whose header does not match, whose URL differs (a
/// hash collision) or whose body the caller cannot use is a miss, and the next successful fetch replaces it.
struct ResponseCache: Sendable {
  /// The folder holding the entries.
  let folder: String
  /// How long an entry stays fresh, in seconds.
  let lifetime: Double
  let fileSystem: any FileSystem
  let clock: any WallClock

  /// The first line of every entry.
  static let magic = "toolbox-search-cache 1"

  /// The cache of a context: `<cache home>/toolbox/search`.
  init(context: ToolContext, lifetime: Double) {
    folder = Paths.join(context.paths.cacheHome, "toolbox/search")
    self.lifetime = lifetime
    fileSystem = context.fileSystem
    clock = context.clock
  }

  /// The path of the entry for a URL.
  func path(for url: String) -> String {
    Paths.join(folder, Self.key(for: url) + ".cache")
  }

  /// The body stored for a URL, if an entry exists, is intact and is still fresh.
  ///
  /// - Parameter url: The full request URL.
  /// - Returns: The body, or `nil` for a miss (absent, unreadable, corrupt, for another URL, or expired).
  func body(for url: String) -> [UInt8]? {
    guard let contents = try? fileSystem.contents(of: path(for: url)),
      let entry = Self.parse(contents), entry.url == url
    else { return nil }
    let age = clock.now() - entry.fetched
    guard age >= 0, age < lifetime else { return nil }
    return entry.body
  }

  /// Stores a body for a URL. Failing to write is not an error: the answer was fetched all the same.
  ///
  /// - Parameters:
  ///   - body: The body as the server sent it.
  ///   - url: The full request URL.
  func store(_ body: [UInt8], for url: String) {
    let header = "\(Self.magic)\n\(clock.now())\n\(url)\n"
    do {
      try fileSystem.createDirectory(folder, permissions: 0o700)
      try fileSystem.writeAtomically(
        Array(header.utf8) + body, to: path(for: url), permissions: 0o600)
    } catch {
      // A read-only or full cache folder only costs the next run a request.
    }
  }

  /// An entry's parts.
  struct Entry: Equatable {
    let fetched: Double
    let url: String
    let body: [UInt8]
  }

  /// Splits an entry file into its parts, or `nil` if it is not one.
  static func parse(_ contents: [UInt8]) -> Entry? {
    var lines: [String] = []
    var index = contents.startIndex
    while lines.count < 3 {
      guard let end = contents[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      guard let line = String(validating: contents[index..<end], as: UTF8.self) else { return nil }
      lines.append(line)
      index = end + 1
    }
    guard lines[0] == magic, let fetched = Double(lines[1]), fetched.isFinite, !lines[2].isEmpty
    else { return nil }
    return Entry(fetched: fetched, url: lines[2], body: Array(contents[index...]))
  }

  /// The file name stem for a URL: its 64-bit FNV-1a hash in hex.
  static func key(for url: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in url.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
