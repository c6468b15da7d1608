import ToolboxCore

/// GNU numfmt's unit scales, for `format --to` (output) and `--from` (input).
///
/// `si` counts in thousands (`K` 10³, `M` 10⁶ … `Q` 10³⁰), `iec` in 1024s with the same letters, `iec-i` in
/// 1024s with an `i` after the letter (`Ki`, `Mi`); `auto` (input only) reads `K` as 1000 and `Ki` as 1024.
enum NumfmtScale: String, ArgumentChoice {
  /// No unit: the number as it is.
  case none
  /// Powers of 1000: `1.5K`, `2.0M`.
  case si
  /// Powers of 1024 with SI letters: `1.5K` is 1536.
  case iec
  /// Powers of 1024 with IEC letters: `1.5Ki`.
  case iecI = "iec-i"
  /// Input only: `K` is 1000, `Ki` 1024.
  case auto

  /// The unit letters, from 1000¹ (or 1024¹) up: numfmt's, with coreutils 9.2's `R` and `Q`.
  static let letters: [Character] = ["K", "M", "G", "T", "P", "E", "Z", "Y", "R", "Q"]

  /// The base of a unit: 1000 for `si` (and `auto` without `i`), 1024 otherwise; `nil` for `none`.
  var base: Int? {
    switch self {
    case .none: nil
    case .si, .auto: 1000
    case .iec, .iecI: 1024
    }
  }
}

/// numfmt's `--round` methods, in numfmt's words (toolbox's `--rounding` has other words for the styles).
enum NumfmtRounding: String, ArgumentChoice {
  /// Toward positive infinity.
  case up
  /// Toward negative infinity.
  case down
  /// Away from zero: numfmt's default.
  case fromZero = "from-zero"
  /// Toward zero.
  case towardsZero = "towards-zero"
  /// To the nearest; ties away from zero.
  case nearest

  /// The same rounding in toolbox's words.
  var mode: RoundingMode {
    switch self {
    case .up: .ceiling
    case .down: .floor
    case .fromZero: .up
    case .towardsZero: .down
    case .nearest: .halfUp
    }
  }
}
