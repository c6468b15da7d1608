#if canImport(Glibc)
  import Glibc
#endif

/// Anything that declares one argument: the type-erased face of ``Argument``, for ``CommandSpec``.
public protocol ArgumentDeclaration: Sendable {
  /// The argument's specification.
  var spec: ArgumentSpec { get }
}

/// A typed key for one argument of one command.
///
/// `Command` is the type that declares it (a ``DeclaredCommand``, or an ``ArgumentGroup`` the command
/// holds), so a key can only read the values of the command that declares it — `arguments.due` in `list`
/// does not compile — and `Value` is what reading gives: `Bool` for a flag, `String?` for an option,
/// `[String]` for a repeating one, a converted type for `option("count", as: Int.self)`.
///
/// ```swift
/// struct Add: DeclaredCommand {
///   static let commandName: String? = "add"
///   static let about = CommandAbout(abstract: "Add a task.")
///   let text = positionals("text", help: "What to do.")
///   let due = option("due", short: "d", valueName: "date", help: "Due date.")
/// }
/// let due: String? = try arguments.due
/// ```
public struct Argument<Command, Value>: ArgumentDeclaration {
  public let spec: ArgumentSpec
  /// Turns the words given for the argument into its value.
  let read: @Sendable (_ words: [String], _ usage: String) throws(UsageError) -> Value

  @usableFromInline init(
    _ spec: ArgumentSpec,
    read: @escaping @Sendable (_ words: [String], _ usage: String) throws(UsageError) -> Value
  ) {
    self.spec = spec
    self.read = read
    KeyCollector.current?.specs.append(spec)
  }
}

/// The specs of the keys made while a declaration's default instance is made
/// (``ArgumentGroup/declaredArguments``): stored properties are initialized in declaration order, a
/// group's keys in the group's place. (Reflection would find them too, but its first casts scan every
/// protocol conformance of the binary: a millisecond on every command line.)
final class KeyCollector: @unchecked Sendable {
  /// The specs, in the order the keys were made.
  var specs: [ArgumentSpec] = []

  /// The thread's slot for the collector of the declaration being made (a thread-local of the C
  /// library: a task-local value would bring the concurrency runtime's pages into every start-up).
  private static let slot: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// The collector of the declaration being made on this thread, if any.
  static var current: KeyCollector? {
    pthread_getspecific(slot).map { Unmanaged<KeyCollector>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Runs `body` with `collector` as the current one (`nil`: none), then puts the previous one back.
  static func with<T>(_ collector: KeyCollector?, _ body: () throws -> T) rethrows -> T {
    let previous = pthread_getspecific(slot)
    pthread_setspecific(slot, collector.map { Unmanaged.passUnretained($0).toOpaque() })
    defer { pthread_setspecific(slot, previous) }
    return try withExtendedLifetime(collector) { try body() }
  }
}
