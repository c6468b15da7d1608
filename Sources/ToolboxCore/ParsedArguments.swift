/// The words of one command line, sorted by the argument they belong to, as ``ArgumentParser`` found them.
/// Commands read them through typed keys, with ``Arguments``.
public struct ParsedValues: Sendable, Equatable {
  /// The words given for each argument, by ``ArgumentSpec/key`` (`<text>`, `--due`); a flag given has
  /// one empty word per occurrence.
  public var words: [String: [String]] = [:]
  /// The keys of the arguments the command declares.
  public var declared: Set<String> = []
  /// The command's usage line, for errors about its arguments.
  public var usage: String

  /// Creates an empty set of values.
  ///
  /// - Parameters:
  ///   - declared: The keys of the command's arguments.
  ///   - usage: The command's usage line.
  public init(declared: Set<String> = [], usage: String = "") {
    self.declared = declared
    self.usage = usage
  }

  /// Whether anything was given for the argument.
  public func has(_ spec: ArgumentSpec) -> Bool { words[spec.key] != nil }
}

/// The parsed arguments of the command declared by `Keys`, read through its typed keys:
/// `try arguments.due` for a ``DeclaredCommand``'s stored key, `arguments.network.timeout` for a key of
/// a group it holds, `arguments[Add.due]` for a declaration's static key.
@dynamicMemberLookup
public struct Arguments<Keys: ArgumentGroup>: Sendable {
  /// The words, by argument.
  public let values: ParsedValues

  /// The default instance whose stored keys the reads use (made once per command line rather than once
  /// per read). Inlinable reads let the optimizer turn `arguments.due`'s key path into a plain property
  /// read: a key path made at run time costs about 25,000 instructions the first time.
  @usableFromInline let declaration: Keys

  /// The command's keys, for code that passes one along (`count(arguments.keys.every)`).
  @inlinable public var keys: Keys { declaration }

  /// Wraps parsed values of a ``DeclaredCommand``.
  public init(_ values: ParsedValues) {
    self.init(values, declaration: Keys())
  }

  @usableFromInline init(_ values: ParsedValues, declaration: Keys) {
    self.values = values
    self.declaration = declaration
  }

  /// The value of an argument.
  ///
  /// - Parameter argument: One of the command's keys.
  /// - Returns: Its value: `false`, `nil` or `[]` when it was not given.
  /// - Throws: ``UsageError`` naming the argument when its word does not convert to the key's type, or
  ///   ``InternalError`` when the key is not listed in the command's spec (a bug the tests that run every
  ///   command's examples catch).
  public subscript<Value>(_ argument: Argument<Keys, Value>) -> Value {
    get throws {
      guard values.declared.contains(argument.spec.key) else {
        throw InternalError(
          "\(argument.spec.display) is read but not declared in the spec of '\(values.usage)'")
      }
      return try argument.read(values.words[argument.spec.key] ?? [], values.usage)
    }
  }

  /// The value of one of the stored keys: `try arguments.due`.
  ///
  /// - Parameter key: The key's property, `\.due`.
  /// - Returns: Its value: `false`, `nil` or `[]` when it was not given.
  /// - Throws: ``UsageError`` naming the argument when its word does not convert to the key's type.
  @inlinable @inline(__always)
  public subscript<Value>(dynamicMember key: KeyPath<Keys, Argument<Keys, Value>>) -> Value
  {
    get throws { try self[declaration[keyPath: key]] }
  }

  /// The arguments of a group of keys the command holds: `arguments.network`, read as
  /// `try arguments.network.timeout` or passed whole to code the commands share.
  @inlinable @inline(__always)
  public subscript<Group: ArgumentGroup>(dynamicMember key: KeyPath<Keys, Group>)
    -> Arguments<Group>
  {
    Arguments<Group>(values, declaration: declaration[keyPath: key])
  }

  /// Whether one of the stored keys was given at all: `arguments.has(\.due)`.
  @inlinable @inline(__always)
  public func has<Value>(_ key: KeyPath<Keys, Argument<Keys, Value>>) -> Bool {
    has(declaration[keyPath: key])
  }

  /// Whether the argument was given at all (an option given with an empty value counts).
  public func has<Value>(_ argument: Argument<Keys, Value>) -> Bool {
    values.has(argument.spec)
  }

  /// A usage error about this command line, carrying its usage line.
  ///
  /// - Parameters:
  ///   - message: One lowercase sentence.
  ///   - code: The JSON error code.
  /// - Returns: The error, ready to throw.
  public func usageError(_ message: String, code: String = "invalid_argument") -> UsageError {
    UsageError(message, code: code, usage: values.usage)
  }
}
