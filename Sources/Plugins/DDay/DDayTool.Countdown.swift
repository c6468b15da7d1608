import ToolboxCore

extension DDayTool {
  static let countdownSpec = CommandSpec(
    name: nil,
    abstract: "Count down to a date: D-23, D-Day on the day, D+5 once it has passed.",
    discussion: """
      The days are TARGET − FROM, so a past target has negative days in JSON ("days":-5,"label":"D+5").
      """,
    arguments: [
      .positional("target", help: "The date to count down to (\(dateHelp)).", optional: true),
      .option(
        "from", valueName: "date", help: "Count from this date instead of today (\(dateHelp))."),
    ],
    examples: [
      "toolbox dday 2026-12-25",
      "toolbox --json dday 2026-12-25 --from 2026-12-02",
    ],
    usage: ["<target> [--from <date>]"])

  func countdown(_ arguments: ParsedArguments) throws -> CommandOutput {
    guard let text = arguments.string("target") else {
      guard !arguments.has("from") else {
        throw arguments.usageError("missing argument <target>", code: "missing_argument")
      }
      // `toolbox dday` alone shows the tool's help, as `toolbox` alone does.
      return .raw(HelpFormatter.help(for: Self.descriptor, commands: commands.map(\.spec)))
    }
    let target: CivilDate
    do {
      target = try dates.date(text)
    } catch {
      throw Self.subcommandTypo(text) ?? error
    }
    let from = try arguments.string("from").map { text throws(DDayError) in try dates.date(text) }
    return .document(CountdownResult(from: from ?? context.today(), target: target))
  }

  /// A usage error when a target that is not a date looks like a mistyped subcommand (`aftr`).
  private static func subcommandTypo(_ text: String) -> UsageError? {
    guard text.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }),
      Suggestion.closest(to: text, in: DateReader.words.map(\.word)) == nil,
      let match = Suggestion.closest(to: text, in: subcommandNames)
    else { return nil }
    return UsageError(
      "unknown subcommand '\(text)' (did you mean '\(match)'?)", code: "unknown_subcommand",
      usage: "toolbox dday <subcommand> (\(subcommandNames.joined(separator: ", ")))")
  }

  static let subcommandNames = [
    "before", "after", "between", "anniversaries", "lived", "lunar", "solar",
  ]
}
