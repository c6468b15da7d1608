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

/// A type whose values can be read from one command-line word.
public protocol ArgumentValue: Sendable {
  /// Converts the word, or returns `nil` if it is not a valid value.
  init?(argument: String)
  /// What a valid value looks like, for error messages ("an integer").
  static var expectation: String { get }
}

/// An enumeration whose cases are the accepted values of an argument (`--sort id|due|priority`): the
/// parser refuses other words with a suggestion, any letter case is accepted where unambiguous, and shells
/// complete the cases.
public protocol ArgumentChoice: ArgumentValue, CaseIterable, RawRepresentable<String> {
  /// Other spellings (`mon` → `.monday`), matched like the cases.
  static var aliases: [String: Self] { get }
  /// A few words about a case, shown by shells that describe completions.
  var summary: String { get }
}

extension ArgumentChoice {
  public static var aliases: [String: Self] { [:] }
  public var summary: String { "" }
  public init?(argument: String) {
    guard let value = Self(rawValue: argument) ?? Self.aliases[argument] else { return nil }
    self = value
  }
  public static var expectation: String {
    "one of " + allCases.map { $0.rawValue }.joined(separator: ", ")
  }

  // Inlinable, like the factories that use them, so that they are specialized for each enumeration in
  // the tool that declares it: unspecialized generic code looks up associated types at run time.

  /// The cases' raw values, in declaration order.
  @inlinable static var allowedValues: [String] { allCases.map { $0.rawValue } }
  /// The aliases as raw values.
  @inlinable static var aliasValues: [String: String] { aliases.mapValues { $0.rawValue } }
  /// The cases as completion candidates.
  @inlinable static var candidates: Completion {
    .values(allCases.map { .init($0.rawValue, $0.summary) })
  }
}

extension String: ArgumentValue {
  public init?(argument: String) { self = argument }
  public static var expectation: String { "text" }
}

extension Int: ArgumentValue {
  public init?(argument: String) {
    guard let value = Int(argument, radix: 10) else { return nil }
    self = value
  }
  public static var expectation: String { "an integer" }
}

extension Double: ArgumentValue {
  public init?(argument: String) {
    guard let value = Double(argument), value.isFinite else { return nil }
    self = value
  }
  public static var expectation: String { "a number" }
}

/// What declares typed keys: the factories below create them.
public protocol ArgumentKeys: Sendable {}

extension ArgumentKeys {
  // MARK: - Flags and options

  /// A flag: `true` when given.
  public static func flag(_ name: String, short: Character? = nil, help: String)
    -> Argument<Self, Bool>
  {
    Argument(ArgumentSpec(name: name, kind: .flag, short: short, help: help)) { words, _ in
      !words.isEmpty
    }
  }

  /// An option taking one text value (giving it twice is a usage error).
  public static func option(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    completion: Completion = .none
  ) -> Argument<Self, String?> {
    Argument(
      ArgumentSpec(
        name: name, kind: .option(repeating: false), short: short, valueName: valueName,
        help: help, completion: completion)
    ) { words, _ in words.last }
  }

  /// An option whose value converts to `T` (a usage error naming the option when it does not).
  public static func option<T: ArgumentValue>(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    as type: T.Type, completion: Completion = .none
  ) -> Argument<Self, T?> {
    let spec = ArgumentSpec(
      name: name, kind: .option(repeating: false), short: short, valueName: valueName, help: help,
      completion: completion)
    return Argument(spec) { words, usage throws(UsageError) in
      try words.last.map { word throws(UsageError) in try convert(word, spec, usage) }
    }
  }

  /// An option whose value is one of the cases of `E`.
  @inlinable public static func option<E: ArgumentChoice>(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    as type: E.Type
  ) -> Argument<Self, E?> {
    let spec = ArgumentSpec(
      name: name, kind: .option(repeating: false), short: short, valueName: valueName, help: help,
      allowedValues: E.allowedValues, valueAliases: E.aliasValues, completion: E.candidates)
    return Argument(spec) { words, usage throws(UsageError) in
      try words.last.map { word throws(UsageError) in try convert(word, spec, usage) }
    }
  }

  /// An option whose value is one of a closed set of words (any letter case where unambiguous), when the
  /// set is data rather than an enumeration (an API's parameter table).
  public static func option(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    values: [String], aliases: [String: String] = [:], hints: [String: String] = [:],
    completion: Completion? = nil
  ) -> Argument<Self, String?> {
    Argument(
      ArgumentSpec(
        name: name, kind: .option(repeating: false), short: short, valueName: valueName,
        help: help, allowedValues: values, valueAliases: aliases, valueHints: hints,
        completion: completion)
    ) { words, _ in words.last }
  }

  /// An option that may be given several times; its values in command-line order.
  public static func repeatingOption(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    completion: Completion = .none
  ) -> Argument<Self, [String]> {
    Argument(
      ArgumentSpec(
        name: name, kind: .option(repeating: true), short: short, valueName: valueName,
        help: help, completion: completion)
    ) { words, _ in words }
  }

  // MARK: - Positionals

  /// A required positional argument.
  public static func positional(_ name: String, help: String, completion: Completion = .none)
    -> Argument<Self, String>
  {
    Argument(
      ArgumentSpec(
        name: name, kind: .positional(optional: false, repeating: false), valueName: name,
        help: help, completion: completion)
    ) { words, _ in words.last ?? "" }
  }

  /// A required positional argument whose value is one of the cases of `E`.
  @inlinable public static func positional<E: ArgumentChoice>(
    _ name: String, help: String, as type: E.Type
  )
    -> Argument<Self, E?>
  {
    let spec = ArgumentSpec(
      name: name, kind: .positional(optional: false, repeating: false), valueName: name,
      help: help, allowedValues: E.allowedValues, valueAliases: E.aliasValues,
      completion: E.candidates)
    return Argument(spec) { words, usage throws(UsageError) in
      try words.last.map { word throws(UsageError) in try convert(word, spec, usage) }
    }
  }

  /// A positional argument that may be left out.
  public static func optionalPositional(
    _ name: String, help: String, completion: Completion = .none
  ) -> Argument<Self, String?> {
    Argument(
      ArgumentSpec(
        name: name, kind: .positional(optional: true, repeating: false), valueName: name,
        help: help, completion: completion)
    ) { words, _ in words.last }
  }

  /// A positional argument that takes all remaining positional words: one or more, or zero or more when
  /// `optional`.
  public static func positionals(
    _ name: String, help: String, optional: Bool = false, completion: Completion = .none
  ) -> Argument<Self, [String]> {
    Argument(
      ArgumentSpec(
        name: name, kind: .positional(optional: optional, repeating: true), valueName: name,
        help: help, completion: completion)
    ) { words, _ in words }
  }

  // MARK: - Conversion

  @usableFromInline static func convert<T: ArgumentValue>(
    _ word: String, _ spec: ArgumentSpec, _ usage: String
  )
    throws(UsageError) -> T
  {
    let canonical = spec.canonicalValue(word) ?? word
    guard let value = T(argument: canonical) else {
      throw UsageError(
        "invalid value '\(word)' for \(spec.display): expected \(T.expectation)",
        code: "invalid_value", usage: usage)
    }
    return value
  }
}

// MARK: - Declared arguments

/// A command declared once: a struct whose stored properties are its typed keys, so that its spec lists
/// exactly the keys it has — a key cannot be declared and left out of the spec, and the name is written
/// once (``DeclaredCommand/commandName``).
///
/// ```swift
/// struct Export: DeclaredCommand {
///   static let commandName: String? = "export"
///   static let about = CommandAbout(abstract: "Write the saved D-Days.", examples: ["toolbox dday export"])
///   let ics = flag("ics", help: "Write iCalendar.")
///   let output = option("output", short: "o", valueName: "file", help: "Write to this file.")
/// }
/// let wantsICS = try arguments.ics  // `Arguments<Export>`, through the key path `\Export.ics`
/// ```
///
/// The spec's arguments are the stored ``Argument``s of a default instance, in declaration order (the
/// order help lists them and positionals are filled), collected when the spec is built: only for
/// the command a command line runs, helps or completes. Routing reads ``DeclaredCommand/commandName``.
public protocol DeclaredCommand: ArgumentGroup {
  /// The subcommand name (`add` in `toolbox todo add`), or `nil` for the tool's main command. Routing
  /// reads names alone, so that a command line builds the spec of the one command it runs, not of
  /// every command of the tool.
  static var commandName: String? { get }
  /// Other names the subcommand answers to (`ls` for `list`). None by default.
  static var commandAliases: [String] { get }
  /// What the command does, its examples and the rest of its spec besides the name and arguments.
  static var about: CommandAbout { get }
}

extension DeclaredCommand {
  public static var commandAliases: [String] { [] }

  /// The spec: the name and aliases of the declaration, its ``about``, and its stored keys in order.
  public static var spec: CommandSpec {
    CommandSpec(commandName, aliases: commandAliases, about: about, arguments: declaredArguments)
  }
}

/// Keys several commands share, declared once: a struct whose stored properties are typed keys, held by
/// each command as one stored property (`let network = Network()`), whose keys its spec lists in that
/// place and its body reads as `try arguments.network.timeout`. A ``DeclaredCommand`` is one too.
public protocol ArgumentGroup: ArgumentKeys {
  /// A default instance: its stored properties are the keys.
  init()
}

extension ArgumentGroup {
  /// The specs of the stored keys, in declaration order, a group's keys in the group's place.
  public static var declaredArguments: [ArgumentSpec] {
    let collector = KeyCollector()
    KeyCollector.with(collector) { _ = Self() }
    return collector.specs
  }

  /// One of the keys, for code outside the command's body (`Export.key(\.output)`; a body has
  /// `arguments.keys`, without the key path this makes at run time). Made while another
  /// declaration is (`let id = Append.key(\.id)`), it is that declaration's key too, and only it.
  public static func key<Value>(_ path: KeyPath<Self, Argument<Self, Value>>) -> Argument<
    Self, Value
  > {
    let key = KeyCollector.with(nil) { Self()[keyPath: path] }
    KeyCollector.current?.specs.append(key.spec)
    return key
  }
}

/// A ``DeclaredCommand``'s spec besides its name and arguments (``CommandSpec``'s other fields).
public struct CommandAbout: Sendable {
  /// One sentence ending with a period.
  public let abstract: String
  /// Further paragraphs for the help text.
  public let discussion: String?
  /// Global options worth listing in this command's help.
  public let globalOptions: [ArgumentSpec]
  /// Whole command lines, each starting with `toolbox`.
  public let examples: [String]
  /// Hand-written usage synopses replacing the generated one.
  public let usage: [String]?

  /// Describes a command (see ``CommandSpec/init(_:aliases:abstract:discussion:arguments:globalOptions:examples:usage:)``).
  public init(
    abstract: String, discussion: String? = nil, globalOptions: [any ArgumentDeclaration] = [],
    examples: [String] = [], usage: [String]? = nil
  ) {
    self.abstract = abstract
    self.discussion = discussion
    self.globalOptions = globalOptions.map { $0.spec }
    self.examples = examples
    self.usage = usage
  }
}
