/// Answers `toolbox __complete -- <words…> <current>`: what fits where the cursor is, from the same specs
/// that drive parsing and help, and from the live config and data (aliases, disabled tools, todo ids,
/// locales). The shell scripts (``CompletionScript``) only relay the answer.
///
/// The answer is one candidate per line, `value` or `value<TAB>description`, then one directive line:
/// `:values` (offer the candidates), `:files` or `:dirs` (the shell's own file completion), `:nospace`
/// (the candidates, without a space after the chosen one), `:none` (nothing fits here). It never fails: a
/// config that cannot be read falls back to the defaults, and a data source that fails offers nothing.
struct CompletionEngine {
  /// What to offer.
  struct Answer: Equatable {
    enum Directive: String {
      case values, files, dirs, nospace, none
    }
    var candidates: [CompletionCandidate] = []
    var directive: Directive = .values

    /// The answer in the line format the scripts read.
    var text: String {
      var lines = candidates.map { candidate in
        let value = candidate.value.replacingControlCharactersWithSpaces
        let description = candidate.description.replacingControlCharactersWithSpaces
        return description.isEmpty ? value : value + "\t" + description
      }
      lines.append(":" + directive.rawValue)
      return lines.joined(separator: "\n") + "\n"
    }

    static let nothing = Answer(directive: .none)
  }

  let session: Session

  /// Creates an engine for a command line: the config named on it (`--config`), else the default one;
  /// when that cannot be used, the built-in defaults.
  init(session: Session) {
    self.session = session
  }

  /// The answer for the words after `toolbox`, the last one being the word at the cursor.
  func complete(_ words: [String]) -> Answer {
    let current = words.last ?? ""
    let before = Array(words.dropLast())
    let session = sessionFor(before)
    let globals = GlobalOption.specs
    let (index, pending) = Self.skipOptions(before, from: 0, globals)
    if let pending {
      return values(for: pending, prefix: current, words: before, globals, session, tool: nil)
    }
    guard index < before.count else {
      return topLevel(current, given: Self.given(before, globals), session)
    }
    if before[index] == "--" { return .nothing }
    if let command = BuiltInCommand.named(before[index]) {
      return builtIn(command, Array(before[(index + 1)...]), current, session)
    }
    let expanded = session.registry.expandingAlias(Array(before[index...]))
    let name = expanded[0]
    let rest = Array(expanded.dropFirst())
    switch session.registry.entry(named: name) {
    case .external:
      return Answer(directive: .files)
    case .builtIn(let tool):
      guard session.registry.config.isEnabled(name) else { return .nothing }
      return self.tool(tool, rest, current, session)
    case nil:
      return .nothing
    }
  }

  /// Skips option words and their values from `start` up to the first other word.
  ///
  /// - Returns: The index of that word (the count when there is none), and the option whose value the
  ///   cursor's word is, when the last word is an option waiting for its value.
  static func skipOptions(_ words: [String], from start: Int, _ arguments: [ArgumentSpec])
    -> (Int, ArgumentSpec?)
  {
    var index = start
    while index < words.count, words[index] != "--", ArgumentParser.looksLikeOption(words[index]) {
      let word = words[index]
      if let argument = argument(named: word, in: arguments), argument.takesValue,
        !word.contains("="), !isAttachedShort(word)
      {
        if index + 1 == words.count { return (index + 1, argument) }
        index += 2
      } else {
        index += 1
      }
    }
    return (index, nil)
  }

  // MARK: - Levels

  private func topLevel(_ current: String, given: Set<String>, _ session: Session) -> Answer {
    if let answer = optionValue(current, GlobalOption.specs, session, tool: nil) {
      return answer
    }
    if current.hasPrefix("-") {
      return filtered(options(GlobalOption.specs, excluding: given), current)
    }
    let registry = session.registry
    var candidates = registry.listing.filter { $0.enabled }.map {
      CompletionCandidate($0.name, $0.summary)
    }
    for (alias, words) in registry.config.aliases.sorted(by: { $0.key < $1.key })
    where registry.config.isEnabled(words[0]) {
      candidates.append(.init(alias, "alias for '\(words.joined(separator: " "))'"))
    }
    candidates += BuiltInCommand.all.filter { !$0.isHidden }.map {
      CompletionCandidate($0.name, $0.spec.abstract)
    }
    return filtered(candidates, current)
  }

  private func builtIn(
    _ command: BuiltInCommand, _ rest: [String], _ current: String, _ session: Session
  ) -> Answer {
    if command.name == BuiltInCommand.help.name {
      let positionals = rest.filter { !ArgumentParser.looksLikeOption($0) }
      if current.hasPrefix("-") {
        return filtered(options([GlobalOption.keys.help.spec], excluding: []), current)
      }
      switch positionals.count {
      case 0:
        return topLevel(current, given: [], session)
      case 1:
        guard case .builtIn(let tool)? = session.registry.entry(resolving: positionals[0]) else {
          return .nothing
        }
        return filtered(subcommands(tool), current)
      default:
        return .nothing
      }
    }
    return self.command(command.spec, rest, current, session, tool: nil)
  }

  private func tool(_ tool: any Tool.Type, _ rest: [String], _ current: String, _ session: Session)
    -> Answer
  {
    let specs = tool.commandSpecs
    // The subcommand is the first word that is not a global option (one no command of the tool
    // declares) or its value.
    let declared = Set(specs.flatMap { $0.arguments.filter { $0.isNamed }.map { $0.name } })
    let globals = GlobalOption.specs.filter { !declared.contains($0.name) }
    let (index, pending) = Self.skipOptions(rest, from: 0, globals)
    if index < rest.count,
      let spec = specs.first(where: { $0.name != nil && $0.answers(to: rest[index]) })
    {
      var words = rest
      words.remove(at: index)
      return command(spec, words, current, session, tool: tool)
    }
    guard let main = specs.first(where: { $0.name == nil }) else {
      if let pending {
        return values(for: pending, prefix: current, words: rest, globals, session, tool: tool)
      }
      if let answer = optionValue(current, globals, session, tool: tool) { return answer }
      if current.hasPrefix("-") {
        return filtered(options(globals, excluding: Self.given(rest, globals)), current)
      }
      return index == rest.count ? filtered(subcommands(tool), current) : .nothing
    }
    var answer = command(main, rest, current, session, tool: tool)
    // Before the main command's first positional, its subcommands fit too (not as an option's value).
    let awaitsValue =
      rest.last.flatMap { Self.argument(named: $0, in: main.arguments + globals) }
      .map {
        $0.takesValue && !(rest.last ?? "").contains("=") && !Self.isAttachedShort(rest.last ?? "")
      }
      ?? false
    if pending == nil, index == rest.count, !current.hasPrefix("-"), !awaitsValue {
      let subcommands = filtered(subcommands(tool), current).candidates
      if !subcommands.isEmpty {
        answer.candidates = subcommands + answer.candidates
        if answer.directive == .none { answer.directive = .values }
      }
    }
    return answer
  }

  /// Completion inside one command: option names, option values, positional values.
  private func command(
    _ spec: CommandSpec, _ words: [String], _ current: String, _ session: Session,
    tool: (any Tool.Type)?
  ) -> Answer {
    if words.contains("--") { return .nothing }
    let parser = ArgumentParser(
      command: spec.arguments, globals: GlobalOption.specs, usage: "")
    let arguments = parser.arguments
    // The word before the cursor is an option that takes a value: complete the value.
    if let last = words.last, parser.isOption(last), !last.contains("="),
      let argument = Self.argument(named: last, in: arguments), argument.takesValue,
      !Self.isAttachedShort(last)
    {
      return values(for: argument, prefix: current, words: words, arguments, session, tool: tool)
    }
    if let answer = optionValue(current, arguments, session, tool: tool, words: words) {
      return answer
    }
    if current.hasPrefix("-") {
      let given = Self.given(words, arguments)
      return filtered(options(arguments, excluding: given), current)
    }
    // A positional: the one the cursor is on.
    let positionals = spec.arguments.filter { $0.isPositional }
    let given = positionalWords(words, spec)
    guard let positional = Self.positional(at: given.count, in: positionals) else {
      return .nothing
    }
    var answer = values(
      for: positional, prefix: current, words: words, arguments, session, tool: tool)
    // A value a repeating positional already has is not offered again (`todo done 3 <Tab>`).
    if positional.isRepeating {
      let before = positionals.prefix { $0.key != positional.key }.count
      let already = Set(given.dropFirst(before))
      answer.candidates = answer.candidates.filter { !already.contains($0.value) }
      if answer.candidates.isEmpty { return .nothing }
    }
    return answer
  }

  // MARK: - Values

  /// `--name=prefix` at the cursor: the option's values, each written with `--name=` before it.
  private func optionValue(
    _ current: String, _ arguments: [ArgumentSpec], _ session: Session, tool: (any Tool.Type)?,
    words: [String] = []
  ) -> Answer? {
    guard current.hasPrefix("--"), let equals = current.firstIndex(of: "=") else { return nil }
    let name = String(current[current.index(current.startIndex, offsetBy: 2)..<equals])
    guard let argument = arguments.first(where: { $0.isNamed && $0.name == name }),
      argument.takesValue
    else { return .nothing }
    let prefix = String(current[current.index(after: equals)...])
    var answer = values(for: argument, prefix: prefix, words: words, arguments, session, tool: tool)
    answer.candidates = answer.candidates.map { .init("--\(name)=" + $0.value, $0.description) }
    return answer
  }

  private func values(
    for argument: ArgumentSpec, prefix: String, words: [String], _ arguments: [ArgumentSpec],
    _ session: Session, tool: (any Tool.Type)?
  ) -> Answer {
    values(argument.completion, prefix: prefix, words: words, arguments, session, tool: tool)
  }

  private func values(
    _ completion: Completion, prefix: String, words: [String], _ arguments: [ArgumentSpec],
    _ session: Session, tool: (any Tool.Type)?
  ) -> Answer {
    switch completion {
    case .none:
      return .nothing
    case .file:
      return Answer(directive: .files)
    case .directory:
      return Answer(directive: .dirs)
    case .values(let candidates):
      return filtered(candidates, prefix)
    case .dynamic(let provide):
      let context: ToolContext
      do {
        context = try session.context(for: tool?.descriptor.name ?? "toolbox")
      } catch {
        return .nothing
      }
      let request = CompletionRequest(
        context: context, given: Self.givenValues(words, arguments), prefix: prefix)
      return filtered(provide(request), prefix)
    case .list(let separator, let element):
      guard let cut = prefix.lastIndex(of: separator) else {
        return values(element, prefix: prefix, words: words, arguments, session, tool: tool)
      }
      let head = String(prefix[...cut])
      let tail = String(prefix[prefix.index(after: cut)...])
      let chosen = Set(head.split(separator: separator).map(String.init))
      var answer = values(element, prefix: tail, words: words, arguments, session, tool: tool)
      answer.candidates = answer.candidates.filter { !chosen.contains($0.value) }
        .map { .init(head + $0.value, $0.description) }
      return answer
    }
  }

  // MARK: - Helpers

  private func subcommands(_ tool: any Tool.Type) -> [CompletionCandidate] {
    tool.commandSpecs.compactMap { spec in spec.name.map { CompletionCandidate($0, spec.abstract) }
    }
  }

  private func options(_ arguments: [ArgumentSpec], excluding given: Set<String>)
    -> [CompletionCandidate]
  {
    // Options that set the same thing hide each other once one is given (`--json` hides `--format`).
    var given = given
    for same in GlobalOption.sameSetting where !given.isDisjoint(with: same) {
      given.formUnion(same)
    }
    return arguments.filter { $0.isNamed && ($0.isRepeating || !given.contains($0.key)) }
      .map { CompletionCandidate("--\($0.name)", $0.help) }
  }

  /// The candidates that start with what is typed; nothing fits when none does.
  private func filtered(_ candidates: [CompletionCandidate], _ prefix: String) -> Answer {
    var seen: Set<String> = []
    let matches = candidates.filter { $0.value.hasPrefix(prefix) && seen.insert($0.value).inserted }
    guard !matches.isEmpty else { return .nothing }
    let open = matches.allSatisfy { $0.value.hasSuffix("=") || $0.value.hasSuffix(",") }
    return Answer(candidates: matches, directive: open ? .nospace : .values)
  }

  /// The session for the config named on the line, or the defaults when it cannot be loaded.
  private func sessionFor(_ words: [String]) -> Session {
    var globals = GlobalOptions()
    globals.configPath = Self.configPath(words)
    if let loaded = try? Session(
      system: session.system, application: session.application, globals: globals)
    {
      return loaded
    }
    var fallback = session.system
    fallback.fileSystem = NoFiles()
    globals.configPath = nil
    return (try? Session(system: fallback, application: session.application, globals: globals))
      ?? session
  }

  private static func configPath(_ words: [String]) -> String? {
    var path: String?
    for (index, word) in words.enumerated() {
      if word == "--" { break }
      if word == "--config", index + 1 < words.count { path = words[index + 1] }
      if word.hasPrefix("--config=") { path = String(word.dropFirst("--config=".count)) }
    }
    return path
  }

  /// How many words an option takes up: two when its value follows as the next word.
  private static func width(of word: String, in arguments: [ArgumentSpec]) -> Int {
    guard let argument = argument(named: word, in: arguments), argument.takesValue,
      !word.contains("="), !isAttachedShort(word)
    else { return 1 }
    return 2
  }

  private static func argument(named word: String, in arguments: [ArgumentSpec]) -> ArgumentSpec? {
    arguments.first { names($0, word) }
  }

  /// Whether `word` names the argument: `--name`, `--name=…`, `-s` or `-s…`.
  private static func names(_ argument: ArgumentSpec, _ word: String) -> Bool {
    guard argument.isNamed else { return false }
    if word.hasPrefix("--") {
      return word.dropFirst(2).prefix { $0 != "=" } == argument.name
    }
    guard word.hasPrefix("-"), let short = argument.short else { return false }
    return word.dropFirst().first == short
  }

  private static func isAttachedShort(_ word: String) -> Bool {
    !word.hasPrefix("--") && word.count > 2
  }

  /// The keys of the options given among the words.
  private static func given(_ words: [String], _ arguments: [ArgumentSpec]) -> Set<String> {
    Set(givenValues(words, arguments).keys)
  }

  /// The values given for each option among the words, by key.
  private static func givenValues(_ words: [String], _ arguments: [ArgumentSpec])
    -> [String: [String]]
  {
    var values: [String: [String]] = [:]
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      if word == "--" { break }
      guard let argument = argument(named: word, in: arguments) else { continue }
      guard argument.takesValue else {
        values[argument.key, default: []].append("")
        continue
      }
      if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
        values[argument.key, default: []].append(String(word[word.index(after: equals)...]))
      } else if isAttachedShort(word) {
        values[argument.key, default: []].append(String(word.dropFirst(2)))
      } else if index < words.count {
        values[argument.key, default: []].append(words[index])
        index += 1
      }
    }
    return values
  }

  /// The positional words before the cursor.
  private func positionalWords(_ words: [String], _ spec: CommandSpec) -> [String] {
    let parser = ArgumentParser(
      command: spec.arguments, globals: GlobalOption.specs, usage: "")
    var positional: [String] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      if word == "--" { return positional + words[index...] }
      if parser.isOption(word) {
        if let argument = Self.argument(named: word, in: parser.arguments), argument.takesValue,
          !word.contains("="), !Self.isAttachedShort(word)
        {
          index += 1
        }
        continue
      }
      positional.append(word)
    }
    return positional
  }

  /// The positional a word fills when `count` positional words come before it.
  private static func positional(at count: Int, in positionals: [ArgumentSpec]) -> ArgumentSpec? {
    var remaining = count
    for positional in positionals {
      if positional.isRepeating { return positional }
      if remaining == 0 { return positional }
      remaining -= 1
    }
    return nil
  }
}

/// A file system with no files, for completing under a config that cannot be read.
private struct NoFiles: FileSystem {
  func contents(of path: String) throws(FileSystemError) -> [UInt8]? { nil }
  func writeAtomically(_ bytes: [UInt8], to path: String, permissions: UInt32)
    throws(FileSystemError)
  {
    throw FileSystemError("completion writes nothing")
  }
  func createDirectory(_ path: String, permissions: UInt32) throws(FileSystemError) {
    throw FileSystemError("completion writes nothing")
  }
  func exists(_ path: String) -> Bool { false }
  func removeFile(_ path: String) throws(FileSystemError) {}
  func modificationTime(of path: String) -> Double? { nil }
}
