import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The config keys of a tool that syncs (`tools.todo`, `tools.dday`; docs/sync.md § Configuration):
///
/// | key | value |
/// | --- | --- |
/// | `sync` | the targets `sync` without an argument syncs, in order: URLs, folders, files |
/// | `username` | the user name for CalDAV servers |
/// | `passwordCommand` | a program and its arguments that print the password (run without a shell) |
/// | `caCertificate` | a PEM file of certificate authorities to trust instead of the system's |
/// | `allowInsecureHTTP` | `true` to allow plain `http://` to another machine |
///
/// There is no key for a password itself: a config file is no place for one (`passwordCommand`,
/// `TOOLBOX_DAV_PASSWORD` or `~/.netrc` give it).
public struct SyncSettings: Sendable, Equatable {
  /// The keys this type reads, for the tool's `checkKeys`.
  public static let keys = [
    "sync", "username", "passwordCommand", "caCertificate", "allowInsecureHTTP",
  ]

  /// The targets of `sync` without an argument.
  public var targets: [String] = []
  /// The CalDAV user name.
  public var username: String?
  /// The password program and its arguments.
  public var passwordCommand: [String]?
  /// A PEM file of certificate authorities.
  public var caCertificate: String?
  /// Whether plain `http` to another machine is allowed.
  public var allowInsecureHTTP = false

  /// No targets, no account details.
  public init() {}

  /// Reads the keys from a tool's section.
  ///
  /// - Throws: ``ConfigError`` for a value of the wrong type, an empty target or command, a relative
  ///   certificate path.
  public init(section: ConfigSection) throws(ConfigError) {
    targets = try section.strings("sync") ?? []
    if targets.contains(where: \.isEmpty) {
      throw section.invalidValue("sync", "has an empty target")
    }
    username = try section.string("username")
    if let command = try section.strings("passwordCommand") {
      guard let program = command.first, !program.isEmpty else {
        throw section.invalidValue("passwordCommand", "must name a program")
      }
      passwordCommand = command
    }
    if let file = try section.string("caCertificate") {
      guard file.hasPrefix("/") || file.hasPrefix("~/") else {
        throw section.invalidValue(
          "caCertificate", "must be an absolute path or start with '~/', not '\(file)'")
      }
      caCertificate = file
    }
    allowInsecureHTTP = try section.bool("allowInsecureHTTP") ?? false
  }

  /// Whether a target names a CalDAV collection (an `http://` or `https://` URL) rather than a folder or
  /// a file.
  public static func isURL(_ target: String) -> Bool {
    let lower = target.prefix(8).lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://")
  }

  /// A folder's or file's path made absolute against the working folder: what names its sync state.
  public static func absolutePath(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let folder = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var relative = Substring(path)
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    return (folder == "/" ? "" : folder) + "/" + relative
  }

  /// The account for a URL with these settings (`~/` in ``caCertificate`` expanded with `home`).
  ///
  /// - Throws: ``DAVURLError`` (64) for a malformed URL.
  public func account(url: String, home: String?) throws(DAVURLError) -> DAVAccount {
    var certificate = caCertificate
    if let file = certificate, file.hasPrefix("~/"), let home {
      certificate = home + file.dropFirst()
    }
    return DAVAccount(
      url: try DAVURL(url), username: username, passwordCommand: passwordCommand,
      caCertificate: certificate, allowInsecureHTTP: allowInsecureHTTP)
  }
}
