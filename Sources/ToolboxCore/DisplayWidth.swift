/// Terminal column widths of text: East Asian wide characters (Hangul, CJK, fullwidth forms, most emoji) take
/// two columns; combining marks and format characters (such as bidi marks) take none.
extension String {
  /// The number of terminal columns the text occupies.
  public var displayWidth: Int {
    var width = 0
    for scalar in unicodeScalars { width += scalar.displayWidth }
    return width
  }

  /// The text padded with spaces on the right to `width` columns (unchanged if already as wide).
  ///
  /// - Parameter width: The target width in columns.
  /// - Returns: The padded text.
  public func padded(to width: Int) -> String {
    let missing = width - displayWidth
    return missing > 0 ? self + String(repeating: " ", count: missing) : self
  }

  /// The text padded with spaces on the left to `width` columns (unchanged if already as wide).
  ///
  /// - Parameter width: The target width in columns.
  /// - Returns: The padded text.
  public func leftPadded(to width: Int) -> String {
    let missing = width - displayWidth
    return missing > 0 ? String(repeating: " ", count: missing) + self : self
  }
}

extension Unicode.Scalar {
  /// The number of terminal columns this scalar occupies: 0, 1 or 2.
  public var displayWidth: Int {
    let value = value
    if value < 0x300 { return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels and final consonants
    return Self.isWide(value) ? 2 : 1
  }

  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F,  // Hangul Jamo initial consonants
      0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
      0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE,
      0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705,
      0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0,
      0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
      0x2E80...0x303E,  // CJK radicals, punctuation
      0x3041...0x33FF,  // kana, Hangul compatibility Jamo, CJK symbols
      0x3400...0x4DBF,  // CJK extension A
      0x4E00...0x9FFF,  // CJK unified ideographs
      0xA000...0xA4CF,  // Yi
      0xA960...0xA97F,  // Hangul Jamo extended A
      0xAC00...0xD7A3,  // Hangul syllables
      0xF900...0xFAFF,  // CJK compatibility ideographs
      0xFE10...0xFE19, 0xFE30...0xFE6F,  // vertical and small forms
      0xFF00...0xFF60, 0xFFE0...0xFFE6,  // fullwidth forms
      0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,  // Tangut, kana supplements
      0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251,
      0x1F300...0x1F64F,  // pictographs, emoticons
      0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
      0x20000...0x3FFFD:  // CJK extensions B and later
      return true
    default:
      return false
    }
  }
}
