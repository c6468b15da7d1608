/// Renders help text from the same specifications the parser uses, with the sections OVERVIEW, USAGE,
/// ARGUMENTS, OPTIONS, SUBCOMMANDS and EXAMPLES (those that apply).
public enum HelpFormatter {
  /// The width of the name column in ARGUMENTS, OPTIONS and SUBCOMMANDS.
  static let nameColumn = 26

  /// The line that closes command-level help, pointing at the global options.
  static let globalOptionsNote =
    "Global options (--format, --json, --config, --color, --today, --locale, --quiet):\n"
    + "see 'toolbox --help'."

  /// Help for one command.
  ///
  /// - Parameters:
  ///   - spec: The command's specification.
  ///   - commandPath: The words that invoke it (`toolbox todo add`).
  /// - Returns: The help text, ending with a newline.
  public static func help(for spec: CommandSpec, commandPath: String) -> String {
    var sections: [String] = []
    sections.append(overview(spec.abstract, spec.discussion))
    sections.append(usageSection(usageLines(for: spec, commandPath: commandPath)))
    sections.append(contentsOf: argumentSections(spec))
    if !spec.examples.isEmpty { sections.append(examplesSection(spec.examples)) }
    sections.append(globalOptionsNote)
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// Help for a tool: its main command's arguments (if any) and its subcommands.
  ///
  /// - Parameters:
  ///   - descriptor: The tool's descriptor.
  ///   - commands: The tool's command specifications.
  /// - Returns: The help text, ending with a newline.
  public static func help(for descriptor: ToolDescriptor, commands: [CommandSpec]) -> String {
    let path = "toolbox \(descriptor.name)"
    let main = commands.first { $0.name == nil }
    let subcommands = commands.filter { $0.name != nil }
    var sections: [String] = [overview(descriptor.abstract, descriptor.discussion)]
    var usage = main.map { usageLines(for: $0, commandPath: path) } ?? []
    if !subcommands.isEmpty { usage.append("\(path) <subcommand>") }
    sections.append(usageSection(usage))
    if let main { sections.append(contentsOf: argumentSections(main)) }
    if !subcommands.isEmpty {
      sections.append(
        "SUBCOMMANDS:\n"
          + subcommands.map { row($0.name ?? "", $0.abstract) }.joined(separator: "\n"))
    }
    let examples = descriptor.examples + (main?.examples ?? [])
    if !examples.isEmpty { sections.append(examplesSection(examples)) }
    if !subcommands.isEmpty {
      sections.append(
        "See 'toolbox help \(descriptor.name) <subcommand>' for a subcommand's options.")
    }
    sections.append(globalOptionsNote)
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// Top-level help.
  ///
  /// - Parameters:
  ///   - application: The application (its abstract and examples).
  ///   - listing: The tools, as `toolbox tools` lists them.
  ///   - builtIns: toolbox's own commands shown in help.
  /// - Returns: The help text, ending with a newline.
  public static func topLevelHelp(
    application: Application, listing: [ToolListing], builtIns: [CommandSpec]
  ) -> String {
    var tools = listing.map { tool in
      row(tool.name, tool.summary + (tool.enabled ? "" : " (disabled)"))
    }
    tools += builtIns.map { row($0.name ?? "", $0.abstract) }
    let sections = [
      overview(application.abstract, nil),
      usageSection([Application.usage]),
      "OPTIONS:\n" + optionRows(GlobalOption.specs).joined(separator: "\n"),
      "SUBCOMMANDS:\n" + tools.joined(separator: "\n"),
      examplesSection(application.examples),
      "See 'toolbox help <tool>' for a tool's subcommands and options.",
    ]
    return sections.joined(separator: "\n\n") + "\n"
  }

  // MARK: - Usage lines

  /// The usage synopses of a command, each starting with the command path.
  ///
  /// - Parameters:
  ///   - spec: The command's specification.
  ///   - commandPath: The words that invoke it.
  /// - Returns: One line per synopsis (hand-written ones if the spec has them).
  public static func usageLines(for spec: CommandSpec, commandPath: String) -> [String] {
    if let usage = spec.usage, !usage.isEmpty { return usage.map { "\(commandPath) \($0)" } }
    var words = [commandPath]
    for argument in spec.arguments where argument.isPositional {
      guard case .positional(let optional, let repeating) = argument.kind else { continue }
      let word = "<\(argument.name)>" + (repeating ? "..." : "")
      words.append(optional ? "[\(word)]" : word)
    }
    for argument in spec.arguments.filter({ $0.isNamed }) + spec.globalOptions {
      var word = "--\(argument.name)"
      if argument.takesValue { word += " <\(argument.valueName)>" }
      if case .option(repeating: true) = argument.kind { word += "..." }
      words.append("[\(word)]")
    }
    return [words.joinedByAppending(separator: " ")]
  }

  // MARK: - Sections

  static var helpOption: ArgumentSpec { GlobalOption.keys.help.spec }

  static func overview(_ abstract: String, _ discussion: String?) -> String {
    var text = wrap("OVERVIEW: \(abstract)", indent: 0)
    if let discussion, !discussion.isEmpty {
      // Lines that start with a space are preformatted (tables, examples) and kept as written.
      let paragraphs = discussion.split(separator: "\n", omittingEmptySubsequences: false)
      text +=
        "\n\n"
        + paragraphs.map { $0.hasPrefix(" ") ? String($0) : wrap(String($0), indent: 0) }
        .joined(separator: "\n")
    }
    return text
  }

  /// The width help text is wrapped to.
  static let lineWidth = 80

  /// Wraps `text` at word boundaries to ``lineWidth`` columns; continuation lines are indented by `indent`
  /// spaces. The first line is not indented (callers put it after a label).
  ///
  /// - Parameters:
  ///   - text: One paragraph.
  ///   - indent: The indentation of continuation lines.
  ///   - firstLineWidth: Columns already used on the first line.
  /// - Returns: The wrapped text.
  static func wrap(_ text: String, indent: Int, firstLineWidth: Int = 0) -> String {
    var lines: [String] = []
    var line = ""
    var used = firstLineWidth
    for word in text.split(separator: " ") {
      let width = String(word).displayWidth
      if !line.isEmpty, used + 1 + width > lineWidth {
        lines.append(line)
        line = ""
        used = indent
      }
      if !line.isEmpty {
        line += " "
        used += 1
      }
      line += word
      used += width
    }
    lines.append(line)
    let padding = String(repeating: " ", count: indent)
    return lines.enumerated().map { $0.offset == 0 ? $0.element : padding + $0.element }
      .joined(separator: "\n")
  }

  static func usageSection(_ lines: [String]) -> String {
    guard let first = lines.first else { return "USAGE:" }
    return (["USAGE: \(first)"] + lines.dropFirst().map { "       \($0)" }).joined(separator: "\n")
  }

  static func argumentSections(_ spec: CommandSpec) -> [String] {
    var sections: [String] = []
    let positionals = spec.arguments.filter { $0.isPositional }
    if !positionals.isEmpty {
      sections.append(
        "ARGUMENTS:\n"
          + positionals.map { row("<\($0.name)>", describe($0)) }.joined(separator: "\n"))
    }
    let named = spec.arguments.filter { $0.isNamed } + spec.globalOptions + [helpOption]
    sections.append("OPTIONS:\n" + optionRows(named).joined(separator: "\n"))
    return sections
  }

  static func optionRows(_ arguments: [ArgumentSpec]) -> [String] {
    arguments.map { argument in
      var name = argument.short.map { "-\($0), " } ?? ""
      name += "--\(argument.name)"
      if argument.takesValue { name += " <\(argument.valueName)>" }
      return row(name, describe(argument))
    }
  }

  static func describe(_ argument: ArgumentSpec) -> String {
    guard !argument.allowedValues.isEmpty, !argument.help.contains(argument.allowedValues[0]) else {
      return argument.help
    }
    return argument.help + " (values: \(argument.allowedValues.joined(separator: ", ")))"
  }

  static func examplesSection(_ examples: [String]) -> String {
    "EXAMPLES:\n" + examples.map { "  \($0)" }.joined(separator: "\n")
  }

  /// One aligned row: two spaces, the name padded to the name column, then the description (on the next
  /// line when the name is too long).
  static func row(_ name: String, _ description: String) -> String {
    let indented = "  " + name
    if description.isEmpty { return indented }
    let wrapped = wrap(description, indent: nameColumn, firstLineWidth: nameColumn)
    if indented.displayWidth + 2 > nameColumn {
      return indented + "\n" + String(repeating: " ", count: nameColumn) + wrapped
    }
    return indented.padded(to: nameColumn) + wrapped
  }
}
