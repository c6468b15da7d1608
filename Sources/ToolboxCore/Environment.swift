#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process environment as a value, so tools and tests never read globals.
///
/// The process's own environment (``process``) is read a variable at a time, when asked, because every
/// command pays for start-up (docs/perf-log.md). ``variables`` reads all of it, for the few commands that
/// pass it on to a child process.
public struct Environment: Sendable, Equatable {
  private enum Source: Sendable, Equatable {
    /// Variables given by hand (tests, a child's environment).
    case given([String: String])
    /// This process's environment (`environ`), which toolbox never changes.
    case process
  }

  private var source: Source
  /// The home folder of the user's entry in the password database (`/etc/passwd`, the entry of
  /// `getuid()`), used when `HOME` is unset or empty. ``process`` looks it up only then (it costs a lookup
  /// through NSS); `nil` when there is no entry or its folder is not an absolute path, and in environments
  /// built by hand.
  public var accountHome: String?

  /// Creates an environment from explicit variables.
  ///
  /// - Parameters:
  ///   - variables: The variables.
  ///   - accountHome: The password database's home folder of the user, if any.
  public init(_ variables: [String: String] = [:], accountHome: String? = nil) {
    source = .given(variables)
    self.accountHome = accountHome
  }

  private init(processWithAccountHome accountHome: String?) {
    source = .process
    self.accountHome = accountHome
  }

  /// The environment of this process, read from `environ` (the only place that reads it). Reading it
  /// directly rather than through `ProcessInfo` keeps Foundation's process-info set-up out of start-up.
  public static var process: Environment {
    Environment(processWithAccountHome: processValue("HOME") == nil ? passwordDatabaseHome() : nil)
  }

  /// All the variables (for a child process's environment). Setting them makes an environment of given
  /// variables.
  public var variables: [String: String] {
    get {
      switch source {
      case .given(let variables): return variables
      case .process: return Self.processVariables()
      }
    }
    set { source = .given(newValue) }
  }

  /// The value of a variable, treating an empty value as unset.
  public subscript(name: String) -> String? {
    switch source {
    case .given(let variables):
      guard let value = variables[name], !value.isEmpty else { return nil }
      return value
    case .process: return Self.processValue(name)
    }
  }

  /// A variable of `environ`, treating an empty value as unset.
  private static func processValue(_ name: String) -> String? {
    guard let value = getenv(name), value.pointee != 0 else { return nil }
    return String(cString: value)
  }

  public static func == (lhs: Environment, rhs: Environment) -> Bool {
    lhs.accountHome == rhs.accountHome && lhs.variables == rhs.variables
  }

  /// Every variable of `environ`, byte by byte (no Character or Substring operations).
  private static func processVariables() -> [String: String] {
    var variables: [String: String] = [:]
    #if canImport(Darwin)
      guard var entry = _NSGetEnviron()?.pointee else { return [:] }
    #else
      var entry = environ
    #endif
    while let pointer = entry.pointee {
      let length = strlen(pointer)
      pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        let text = UnsafeBufferPointer(start: bytes, count: length)
        if let equals = text.firstIndex(of: UInt8(ascii: "=")) {
          let name = String(decoding: UnsafeBufferPointer(rebasing: text[..<equals]), as: UTF8.self)
          variables[name] = String(
            decoding: UnsafeBufferPointer(rebasing: text[(equals + 1)...]), as: UTF8.self)
        }
      }
      entry += 1
    }
    return variables
  }

  /// The home folder of the real user's entry in the password file, if it has one that is an absolute
  /// path.
  ///
  /// `/etc/passwd` is read directly rather than through `getpwuid_r`: the release binary is fully static,
  /// and a static glibc process that asks NSS for a user missing from `/etc/passwd` loads the next module
  /// of `nsswitch.conf` (Debian's `systemd`), a shared library built for the dynamic loader, and crashes
  /// with SIGSEGV — exactly for the users (arbitrary container uids) this fallback is for.
  static func passwordDatabaseHome() -> String? {
    guard let bytes = try? LocalFileSystem().contents(of: "/etc/passwd", limit: 16 << 20) else {
      return nil
    }
    return passwordFileHome(bytes, userID: UInt32(getuid()))
  }

  /// The home folder of the first entry of a password file (`name:password:uid:gid:gecos:home:shell`)
  /// with this user id, if it is an absolute path.
  public static func passwordFileHome(_ bytes: [UInt8], userID: UInt32) -> String? {
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
      let fields = line.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
      guard fields.count >= 7, fields[0].first != UInt8(ascii: "#"),
        UInt32(String(decoding: fields[2], as: UTF8.self)) == userID
      else { continue }
      let home = String(decoding: fields[5], as: UTF8.self)
      return home.hasPrefix("/") ? home : nil
    }
    return nil
  }
}

/// Which locale category a tool follows when the locale comes from the environment.
public enum LocaleCategory: String, Sendable {
  /// `LC_TIME`: dates and calendars.
  case time = "LC_TIME"
  /// `LC_NUMERIC`: numbers.
  case numeric = "LC_NUMERIC"
}

/// Where toolbox keeps files, following the XDG Base Directory specification.
///
/// The home folder is `$HOME`, else (unset or empty) the home folder of the user's password database entry.
/// When neither exists, there is no home folder: ``homeIsKnown`` is `false`, the folders that would lie under
/// it are empty strings, and the session refuses to use them (``missingHomeError``) rather than falling
/// back to `/`.
public struct Paths: Sendable, Equatable {
  /// The home directory; empty when it is not known.
  public var home: String
  /// `$XDG_CONFIG_HOME`, else `~/.config`.
  public var configHome: String
  /// `$XDG_DATA_HOME`, else `~/.local/share`.
  public var dataHome: String
  /// `$XDG_CACHE_HOME`, else `~/.cache`.
  public var cacheHome: String
  /// Whether there is a home folder (`HOME`, or the password database's).
  public var homeIsKnown: Bool
  /// Whether ``configHome``, ``dataHome`` and ``cacheHome`` are all usable: known, or set by absolute XDG
  /// variables.
  public var foldersAreKnown: Bool

  /// Derives the paths from an environment. Relative XDG values are ignored, as the specification says.
  ///
  /// - Parameter environment: The environment.
  public init(environment: Environment) {
    let home = environment["HOME"] ?? environment.accountHome
    var complete = true
    func xdg(_ name: String, _ fallback: String) -> String {
      if let value = environment[name], value.hasPrefix("/") { return value }
      guard let home else {
        complete = false
        return ""
      }
      return Self.join(home, fallback)
    }
    self.home = home ?? ""
    homeIsKnown = home != nil
    configHome = xdg("XDG_CONFIG_HOME", ".config")
    dataHome = xdg("XDG_DATA_HOME", ".local/share")
    cacheHome = xdg("XDG_CACHE_HOME", ".cache")
    foldersAreKnown = complete
  }

  /// Why a folder under home cannot be found (exit 78).
  public static var missingHomeError: ConfigError {
    ConfigError(
      "cannot find your home folder: HOME is not set and the password database has no home folder for "
        + "your user; set HOME (or XDG_CONFIG_HOME, XDG_DATA_HOME and XDG_CACHE_HOME)",
      code: "no_home")
  }

  /// Replaces a leading `~` or `~/` with the home directory.
  ///
  /// - Parameter path: A path as written in config.
  /// - Returns: The expanded path.
  public func expandingTilde(_ path: String) -> String {
    if path == "~" { return home }
    if path.hasPrefix("~/") { return Self.join(home, String(path.dropFirst(2))) }
    return path
  }

  /// Joins two path components with exactly one slash.
  ///
  /// - Parameters:
  ///   - base: The directory.
  ///   - component: The relative part.
  /// - Returns: The joined path.
  public static func join(_ base: String, _ component: String) -> String {
    if base.hasSuffix("/") { return base + component }
    return base + "/" + component
  }
}
