/// One entry of a man page's ENVIRONMENT or FILES section: a variable or path and what it means.
public struct ManualEntry: Sendable, Equatable {
  /// The variable's name (`TOOLBOX_TODO_STORE`) or the path (`$XDG_DATA_HOME/toolbox/todo.sqlite3`).
  public let name: String
  /// One or two sentences.
  public let meaning: String

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - name: The variable or path.
  ///   - meaning: What it is for.
  public init(_ name: String, _ meaning: String) {
    self.name = name
    self.meaning = meaning
  }
}

/// Man pages in man(7) roff, generated from the same specs as help and completions (as
/// swift-argument-parser's generate-manual does): `toolbox(1)` for the program and its own commands, and
/// `toolbox-<tool>(1)` for each built-in tool. `toolbox __man [<tool>]` prints them; `make install` writes
/// them to `share/man/man1`.
///
/// Sections: NAME, SYNOPSIS, DESCRIPTION, OPTIONS (the global options), COMMANDS with each command's
/// arguments and options, EXIT STATUS (``ExitCode/documented``), ENVIRONMENT, FILES, EXAMPLES (the specs'
/// examples) and SEE ALSO. Text is escaped for roff: backslashes, a leading `.` or `'`, quotes in macro
/// arguments, and hyphens as `\-` in options, synopses and examples (and wherever a hyphen is not between two
/// letters), so they can be copied and searched as typed.
public enum ManPage {
  /// The manual section of every page.
  public static let section = 1

  /// The variables every tool reads (a tool's descriptor adds its own).
  static let environment: [ManualEntry] = [
    ManualEntry(
      "TOOLBOX_CONFIG",
      "The config file, when --config is not given. A missing file named here is an error (exit 78)."
    ),
    ManualEntry(
      "TOOLBOX_TODAY", "The date to treat as today (YYYY-MM-DD), when --today is not given."),
    ManualEntry(
      "XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME",
      "The folders of the config file, of the stores and of the caches (absolute paths; else "
        + "~/.config, ~/.local/share and ~/.cache)."),
    ManualEntry(
      "HOME",
      "Your home folder (~); when it is unset or empty, the one in /etc/passwd. With neither, toolbox "
        + "needs the XDG variables above."),
    ManualEntry(
      "LC_ALL, LC_TIME, LC_NUMERIC, LANG",
      "The locale of localized output when neither --locale nor config 'locale' gives one "
        + "(ko_KR.UTF-8 means ko_KR; C and POSIX mean en_US)."),
    ManualEntry("NO_COLOR", "When set, no colour or strikethrough (as --color never)."),
  ]

  /// The files every tool reads (a tool's descriptor adds its own).
  static let files: [ManualEntry] = [
    ManualEntry(
      "$XDG_CONFIG_HOME/toolbox/config.json",
      "The config file (default ~/.config/toolbox/config.json): JSON, every key optional; a regular file "
        + "of at most 1 MiB, owned by you or root and not writable by group or others. A missing default "
        + "file means defaults. Every key with its default: /usr/share/doc/toolbox/config.example.json "
        + "(or share/doc/toolbox under the prefix toolbox was installed to).")
  ]

  // MARK: - Pages

  /// The page `toolbox(1)`: the program, its global options, its tools and its own commands.
  ///
  /// - Parameters:
  ///   - application: The application (its abstract, tools and examples).
  ///   - builtIns: toolbox's own commands to document (the visible ones).
  /// - Returns: The page in man(7) roff.
  public static func page(for application: Application, builtIns: [CommandSpec]) -> String {
    var page = header("toolbox", description: application.abstract)
    page += section("SYNOPSIS")
    page += synopsis([Application.usage] + builtIns.map { "toolbox \($0.name ?? "")" })
    page += section("DESCRIPTION")
    page += paragraph(application.abstract)
    page += paragraph(
      "Each tool is a subcommand with a page of its own, toolbox-<tool>(1). Text output is for people; "
        + "--json gives one JSON document (NDJSON for streams). Errors are one line on standard error, "
        + "'toolbox: <tool>: <message>', and an exit status from the table below.")
    page += section("OPTIONS")
    page += paragraph("Global options are accepted before the tool name and after it.")
    page += options(GlobalOption.specs)
    page += section("TOOLS")
    for tool in application.tools {
      page += ".TP\n" + bold(tool.descriptor.name) + "\n" + text(tool.descriptor.abstract) + "\n"
      page += "See " + bold("toolbox-\(tool.descriptor.name)") + "(\(section)).\n"
    }
    page += section("COMMANDS")
    for spec in builtIns {
      page += command(spec, path: "toolbox \(spec.name ?? "")")
    }
    page += common(environment: [], files: [])
    page += examples(application.examples + builtIns.flatMap(\.examples))
    page += seeAlso(application.tools.map { "toolbox-\($0.descriptor.name)" })
    return page
  }

  /// The page `toolbox-<tool>(1)`: the tool's commands with their arguments and options.
  ///
  /// - Parameters:
  ///   - tool: The tool.
  ///   - application: The application (for the other tools' pages in SEE ALSO).
  /// - Returns: The page in man(7) roff.
  public static func page(for tool: any Tool.Type, application: Application) -> String {
    let descriptor = tool.descriptor
    let name = descriptor.name
    let commands = tool.commandSpecs.sorted { ($0.name == nil ? 0 : 1) < ($1.name == nil ? 0 : 1) }
    var page = header("toolbox-\(name)", description: descriptor.abstract)
    page += section("SYNOPSIS")
    page += synopsis(commands.flatMap { usage($0, tool: name) })
    page += section("DESCRIPTION")
    page += paragraph(descriptor.abstract)
    if let discussion = descriptor.discussion { page += block(discussion) }
    if let subcommand = descriptor.defaultSubcommand {
      page += paragraph(
        "With no arguments, 'toolbox \(name)' runs 'toolbox \(name) \(subcommand)'.")
    }
    page += section("OPTIONS")
    page += paragraph(
      "Global options, accepted before the tool name and after it (see toolbox(1)):")
    page += options(GlobalOption.specs)
    page += section("COMMANDS")
    for spec in commands {
      page += command(spec, path: "toolbox \(name)" + (spec.name.map { " \($0)" } ?? ""))
    }
    page += common(environment: descriptor.environment, files: descriptor.files)
    page += examples(descriptor.examples + commands.flatMap(\.examples))
    page += seeAlso(
      ["toolbox"]
        + application.tools.map { "toolbox-\($0.descriptor.name)" }.filter {
          $0 != "toolbox-\(name)"
        })
    return page
  }

  // MARK: - Sections

  private static func header(_ name: String, description: String) -> String {
    // No date: the page is the same for every build of one version.
    var page = ".\\\" Generated by 'toolbox __man' from the command specs; do not edit.\n"
    page += ".TH \(macroArgument(name.uppercased())) \(section) \"\" "
    page += "\(macroArgument("toolbox \(toolboxVersion)")) \"User Commands\"\n"
    // Not hyphenated (option and variable names must stay whole), not justified.
    page += ".nh\n.ad l\n"
    page += ".SH NAME\n"
    page += code(name) + " \\- " + text(lowercasingFirst(withoutPeriod(description))) + "\n"
    return page
  }

  private static func section(_ title: String) -> String { ".SH \(macroArgument(title))\n" }

  private static func paragraph(_ line: String) -> String { ".PP\n" + text(line) + "\n" }

  /// A discussion: paragraphs, lines that start with a space kept as written (tables, examples).
  private static func block(_ discussion: String) -> String {
    var out = ""
    var preformatted = false
    for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = String(line)
      if line.hasPrefix(" ") {
        if !preformatted { out += ".PP\n.RS 4\n.nf\n" }
        preformatted = true
        out += code(String(line.drop { $0 == " " })) + "\n"
        continue
      }
      if preformatted { out += ".fi\n.RE\n" }
      preformatted = false
      if !line.isEmpty { out += paragraph(line) }
    }
    if preformatted { out += ".fi\n.RE\n" }
    return out
  }

  private static func synopsis(_ lines: [String]) -> String {
    // Continuation lines are indented under the command words.
    lines.map { ".PP\n.in +4n\n.ti -4n\n" + synopsisLine($0) + "\n.in\n" }.joined()
  }

  /// A usage line: the command words in bold, the rest as written, and a bracketed group (`[--due <date>]`)
  /// kept on one line.
  private static func synopsisLine(_ line: String) -> String {
    var words = line.split(separator: " ").map(String.init)
    var lead: [String] = []
    while let first = words.first, first.first?.isLetter == true || first.first == "_" {
      lead.append(first)
      words.removeFirst()
    }
    var rest = ""
    var depth = 0
    for word in words {
      if !rest.isEmpty { rest += depth > 0 ? "\\ " : " " }
      depth += word.count { $0 == "[" } - word.count { $0 == "]" }
      depth = max(depth, 0)
      rest += code(word)
    }
    return bold(lead.joined(separator: " ")) + (rest.isEmpty ? "" : " " + rest)
  }

  private static func usage(_ spec: CommandSpec, tool: String) -> [String] {
    HelpFormatter.usageLines(
      for: spec, commandPath: "toolbox \(tool)" + (spec.name.map { " \($0)" } ?? ""))
  }

  /// One command: a subsection with its synopsis, what it does, its arguments and options.
  private static func command(_ spec: CommandSpec, path: String) -> String {
    var out = ".SS \(macroArgument(path))\n"
    out += synopsis(HelpFormatter.usageLines(for: spec, commandPath: path))
    out += paragraph(spec.abstract)
    if !spec.aliases.isEmpty {
      out += paragraph("Also: " + spec.aliases.joined(separator: ", ") + ".")
    }
    if let discussion = spec.discussion { out += block(discussion) }
    let positionals = spec.arguments.filter(\.isPositional)
    for argument in positionals {
      var name = "\\fI" + code(argument.name) + "\\fR"
      if argument.isRepeating { name += "..." }
      out += ".TP\n" + name + "\n" + text(HelpFormatter.describe(argument)) + "\n"
    }
    out += options(spec.arguments.filter(\.isNamed) + spec.globalOptions)
    return out
  }

  private static func options(_ arguments: [ArgumentSpec]) -> String {
    arguments.map { argument in
      var name = argument.short.map { bold("-\($0)") + ", " } ?? ""
      name += bold("--\(argument.name)")
      if argument.takesValue { name += " \\fI" + code(argument.valueName) + "\\fR" }
      if case .option(repeating: true) = argument.kind { name += "..." }
      return ".TP\n" + name + "\n" + text(HelpFormatter.describe(argument)) + "\n"
    }.joined()
  }

  /// EXIT STATUS, ENVIRONMENT and FILES: toolbox's own entries, then the tool's.
  private static func common(environment: [ManualEntry], files: [ManualEntry]) -> String {
    var out = section("EXIT STATUS")
    for (code, meaning) in ExitCode.documented {
      out += ".TP\n" + bold(code.description) + "\n" + text(meaning) + "\n"
    }
    out += section("ENVIRONMENT")
    for entry in Self.environment + environment {
      out += ".TP\n" + bold(entry.name) + "\n" + text(entry.meaning) + "\n"
    }
    out += section("FILES")
    for entry in Self.files + files {
      out += ".TP\n" + "\\fI" + code(entry.name) + "\\fR\n" + text(entry.meaning) + "\n"
    }
    return out
  }

  private static func examples(_ lines: [String]) -> String {
    guard !lines.isEmpty else { return "" }
    return section("EXAMPLES") + ".PP\n.RS 4\n.nf\n"
      + lines.map { code($0) + "\n" }.joined() + ".fi\n.RE\n"
  }

  private static func seeAlso(_ pages: [String]) -> String {
    section("SEE ALSO")
      + pages.map { bold($0) + "(\(section))" }.joined(separator: ",\n") + "\n"
  }

  // MARK: - Escaping

  /// Prose: backslashes escaped, a hyphen that is not between two letters written `\-`, a break point
  /// (`\:`, invisible) after a comma or slash inside a word so that long JSON shapes and paths can wrap,
  /// and a line that would start with a control character protected.
  static func text(_ value: String) -> String {
    let characters = Array(value)
    var out = ""
    for (index, character) in characters.enumerated() {
      switch character {
      case "\\": out += "\\e"
      case "-":
        let between =
          index > 0 && index + 1 < characters.count && characters[index - 1].isLetter
          && characters[index + 1].isLetter
        out += between ? "-" : "\\-"
      case "\n": out += " "
      case "," where index + 1 < characters.count && characters[index + 1] != " ",
        "/" where index + 1 < characters.count && characters[index + 1] != " ":
        out.append(character)
        out += "\\:"
      default: out.append(character)
      }
    }
    return protectingLineStart(out)
  }

  /// Code (options, command lines): every hyphen `\-`.
  static func code(_ value: String) -> String {
    var out = ""
    for character in value {
      switch character {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case "\n": out += " "
      default: out.append(character)
      }
    }
    return protectingLineStart(out)
  }

  private static func bold(_ value: String) -> String { "\\fB" + code(value) + "\\fR" }

  /// A macro argument in double quotes, its quotes written `\(dq`.
  static func macroArgument(_ value: String) -> String {
    "\"" + code(value).replacing("\"", with: "\\(dq") + "\""
  }

  /// `\&` before a leading `.` or `'`, which roff would read as a request.
  private static func protectingLineStart(_ line: String) -> String {
    line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
  }

  private static func withoutPeriod(_ sentence: String) -> String {
    sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
  }

  private static func lowercasingFirst(_ sentence: String) -> String {
    guard let first = sentence.first, first.isUppercase,
      sentence.dropFirst().first.map({ !$0.isUppercase }) ?? true
    else { return sentence }
    return first.lowercased() + sentence.dropFirst()
  }
}
