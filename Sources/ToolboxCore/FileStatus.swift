/// What toolbox checks about a file before trusting it.
public struct FileStatus: Sendable, Equatable {
  /// What it is.
  public var kind: FileKind
  /// Its size in bytes.
  public var size: Int
  /// The user id of its owner.
  public var owner: UInt32
  /// Its permission bits (`mode & 0o7777`).
  public var permissions: UInt32
  /// Its last modification, in seconds since 1970.
  public var modificationTime: Double

  /// Creates a status.
  public init(
    kind: FileKind, size: Int, owner: UInt32, permissions: UInt32, modificationTime: Double
  ) {
    self.kind = kind
    self.size = size
    self.owner = owner
    self.permissions = permissions
    self.modificationTime = modificationTime
  }

  /// The permissions as four octal digits, as `chmod` takes them: `0644`.
  public var octalPermissions: String {
    let digits = String(permissions & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Whether the group or others may write it (`chmod go-w` clears that).
  public var isWritableByGroupOrOthers: Bool { permissions & 0o022 != 0 }
}
