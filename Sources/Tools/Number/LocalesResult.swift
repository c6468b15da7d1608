import ToolboxCore

/// The locales ICU has number data for, each with its numbering system and a sample, and the versions of
/// ICU, CLDR and Unicode in the toolchain.
struct LocalesResult: CommandResult, Equatable {
  /// One locale.
  struct Entry: Encodable, Equatable, Sendable {
    let id: String
    let numberingSystem: String
    /// 1234567.891 in the locale's decimal style.
    let sample: String
  }

  let icuVersion: String
  let cldrVersion: String
  let unicodeVersion: String
  let locales: [Entry]

  func text(style: TextStyle) -> String {
    let idWidth = locales.map(\.id.displayWidth).max() ?? 0
    let systemWidth = locales.map(\.numberingSystem.displayWidth).max() ?? 0
    var lines = locales.map { entry in
      "\(entry.id.padded(to: idWidth))  \(entry.numberingSystem.padded(to: systemWidth))  \(entry.sample)"
    }
    lines.append(
      "\(locales.count) locale\(locales.count == 1 ? "" : "s") "
        + "(ICU \(icuVersion), CLDR \(cldrVersion), Unicode \(unicodeVersion))")
    return lines.joined(separator: "\n")
  }
}
