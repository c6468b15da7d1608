/// What shells offer at Tab for an argument's value. Completion asks the binary at Tab time
/// (`toolbox __complete`), so values may come from the live config and data.
public enum Completion: Sendable {
  /// Nothing: free text.
  case none
  /// File names (the shell's own file completion).
  case file
  /// Folder names.
  case directory
  /// A fixed list.
  case values([CompletionCandidate])
  /// Values computed at Tab time from the words on the line and the tool's context (todo ids, the
  /// entities of the `--media` already given, locales).
  case dynamic(@Sendable (CompletionRequest) -> [CompletionCandidate])
  /// A list separated by `separator` (`--to ko_KR,fr_FR`): each element completes as `element`.
  indirect case list(separator: Character, element: Completion)

  /// A date: the words every date option offers (`today`, `tomorrow`, weekdays, `next`, `+1d`, …), any
  /// of which ``DateInput`` reads.
  public static let date = Completion.values(
    DateInput.completionWords.map { CompletionCandidate($0) })
}

/// One value offered at Tab, with an optional description (shown by zsh and fish).
public struct CompletionCandidate: Sendable, Equatable {
  /// The value.
  public let value: String
  /// A few words about it, or empty.
  public let description: String

  /// Creates a candidate.
  public init(_ value: String, _ description: String = "") {
    self.value = value
    self.description = description
  }
}

/// What a dynamic completion knows when Tab is pressed.
public struct CompletionRequest: Sendable {
  /// The tool's context, built from the config named on the line (or the default config).
  public let context: ToolContext
  /// The values given so far on the line, by argument key (`--media` → `["music"]`).
  public let given: [String: [String]]
  /// The part of the word being completed that is already typed.
  public let prefix: String

  /// Creates a request.
  public init(context: ToolContext, given: [String: [String]], prefix: String) {
    self.context = context
    self.given = given
    self.prefix = prefix
  }

  /// The last value given for an option of this command, e.g. `value(of: "media")`.
  public func value(of option: String) -> String? { given["--\(option)"]?.last }
}
