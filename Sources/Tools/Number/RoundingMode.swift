import ToolboxCore

/// How a value is rounded to the digits a style shows: the seven modes of ICU and Java's `RoundingMode`.
enum RoundingMode: String, ArgumentChoice {
  /// Toward negative infinity.
  case floor
  /// Toward positive infinity.
  case ceiling
  /// Toward zero (truncation): the seed app's ko_KR "round down" formatter.
  case down
  /// Away from zero.
  case up
  /// To the nearest; ties to the even neighbour (banker's rounding, ICU's default).
  case halfEven = "half-even"
  /// To the nearest; ties away from zero (school rounding).
  case halfUp = "half-up"
  /// To the nearest; ties toward zero.
  case halfDown = "half-down"

  /// How the dropped digits compare with half a unit of the last kept digit (they are never zero).
  enum Remainder: Sendable {
    case belowHalf, half, aboveHalf
  }

  /// Whether rounding adds one unit to the kept digits' magnitude.
  ///
  /// - Parameters:
  ///   - isNegative: The value's sign.
  ///   - dropped: The dropped digits, which are not zero.
  ///   - lastKeptIsOdd: Whether the last kept digit is odd (for `half-even`).
  /// - Returns: `true` to round away from zero.
  func incrementsMagnitude(isNegative: Bool, dropped: Remainder, lastKeptIsOdd: Bool) -> Bool {
    switch self {
    case .floor: isNegative
    case .ceiling: !isNegative
    case .down: false
    case .up: true
    case .halfEven: dropped == .aboveHalf || (dropped == .half && lastKeptIsOdd)
    case .halfUp: dropped != .belowHalf
    case .halfDown: dropped == .aboveHalf
    }
  }

  /// The ICU number skeleton stem for this mode (`rounding-mode-half-even`).
  var skeleton: String { "rounding-mode-\(rawValue)" }
}
