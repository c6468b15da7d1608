#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process environment as a value, so tools and tests never read globals.
public struct Environment: Sendable, Equatable {
  /// The variables.
  public var variables: [String: String]

  /// Creates an environment from explicit variables.
  ///
  /// - Parameter variables: The variables.
  public init(_ variables: [String: String] = [:]) { self.variables = variables }

  /// The environment of this process, read from `environ` (the only place that reads it). Reading it
  /// directly rather than through `ProcessInfo` keeps Foundation's process-info set-up out of start-up.
  public static var process: Environment {
    var variables: [String: String] = [:]
    #if canImport(Darwin)
      guard var entry = _NSGetEnviron()?.pointee else { return Environment() }
    #else
      var entry = environ
    #endif
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return Environment(variables)
  }

  /// The value of a variable, treating an empty value as unset.
  public subscript(name: String) -> String? {
    guard let value = variables[name], !value.isEmpty else { return nil }
    return value
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
public struct Paths: Sendable, Equatable {
  /// The home directory.
  public var home: String
  /// `$XDG_CONFIG_HOME`, else `~/.config`.
  public var configHome: String
  /// `$XDG_DATA_HOME`, else `~/.local/share`.
  public var dataHome: String
  /// `$XDG_CACHE_HOME`, else `~/.cache`.
  public var cacheHome: String

  /// Derives the paths from an environment. Relative XDG values are ignored, as the specification says.
  ///
  /// - Parameter environment: The environment.
  public init(environment: Environment) {
    let home = environment["HOME"] ?? "/"
    func xdg(_ name: String, _ fallback: String) -> String {
      if let value = environment[name], value.hasPrefix("/") { return value }
      return Self.join(home, fallback)
    }
    self.home = home
    configHome = xdg("XDG_CONFIG_HOME", ".config")
    dataHome = xdg("XDG_DATA_HOME", ".local/share")
    cacheHome = xdg("XDG_CACHE_HOME", ".cache")
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
