import ToolboxCore

/// The `tools.number` config section: the default locales of `convert` and the default rounding mode.
///
/// Locale identifiers are checked when `convert` uses them (a bad one is a config error naming the key), so
/// that reading config never loads ICU data for other tools.
public struct NumberSettings: ToolSettings {
  /// The locale `convert` reads text in when `--from` is not given.
  var from = "en_US"
  /// The locales `convert` writes when `--to` is not given: the seed app's sample screen.
  var to = ["ko_KR", "fr_GP", "ne", "ar", "it_CH"]
  /// The rounding mode when `--rounding` is not given (`nil`: half-even, as ICU). It says how values are
  /// rounded, not whether: `convert` still keeps every digit unless `--fraction` or `--rounding` is given.
  var rounding: RoundingMode?

  public init() {}

  public init(section: ConfigSection) throws(ConfigError) {
    try section.checkKeys(["from", "to", "rounding"])
    if let from = try section.string("from") { self.from = from }
    if let to = try section.strings("to") {
      guard !to.isEmpty else { throw section.invalidValue("to", "must name at least one locale") }
      self.to = to
    }
    if let mode = try section.string("rounding", oneOf: RoundingMode.allCases.map(\.rawValue)) {
      rounding = RoundingMode(rawValue: mode)
    }
  }
}
