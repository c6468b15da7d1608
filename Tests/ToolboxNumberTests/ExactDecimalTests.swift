import Testing

@testable import ToolboxNumber

@Suite struct ExactDecimalTests {
  // MARK: - Plain notation

  @Test(arguments: [
    ("1234567.891", "1234567.891"),
    ("-0.5", "-0.5"),
    ("1e6", "1000000"),
    ("1.5E-3", "0.0015"),
    ("2.5e+2", "250"),
    (".5", "0.5"),
    ("5.", "5"),
    ("007", "7"),
    ("1.50", "1.5"),
    ("-0", "0"),
    ("0.000", "0"),
    ("  42\t", "42"),
    ("12345678901234567890.123", "12345678901234567890.123"),
    ("99999999999999999999999999999999999999", "99999999999999999999999999999999999999"),
    (
      "-0.00000000000000000000000000000000000000000001",
      "-0.00000000000000000000000000000000000000000001"
    ),
    ("1e999", "1" + String(repeating: "0", count: 999)),
  ])
  func `plain notation reads exactly and writes canonically`(input: String, expected: String) throws
  {
    #expect(try ExactDecimal.parse(plain: input).description == expected)
  }

  @Test(arguments: [
    ("", "empty_input"),
    ("   ", "empty_input"),
    ("-", "invalid_characters"),
    (".", "invalid_characters"),
    ("12abc", "invalid_characters"),
    ("1,234", "invalid_characters"),
    ("+5", "invalid_characters"),
    ("--5", "invalid_characters"),
    ("NaN", "invalid_characters"),
    ("Infinity", "invalid_characters"),
    ("0x10", "invalid_characters"),
    ("1e", "invalid_characters"),
    ("1e+", "invalid_characters"),
    ("١٢", "invalid_characters"),
    ("1 000", "invalid_characters"),
    ("1.2.3", "multiple_decimal_separators"),
    ("123456789012345678901234567890123456789", "too_many_digits"),
    ("1.00000000000000000000000000000000000001", "too_many_digits"),
    ("1e1000", "too_many_digits"),
    ("1e-1001", "too_many_digits"),
    ("1e999999999999999999999999", "too_many_digits"),
  ])
  func `bad plain notation fails with its code`(input: String, code: String) {
    #expect(throws: NumberError.self) { try ExactDecimal.parse(plain: input) }
    do {
      _ = try ExactDecimal.parse(plain: input)
    } catch {
      #expect(error.code == code)
      #expect(error.exitCode.rawValue == 65)
    }
  }

  @Test func `trailing integer zeros are not significant digits`() throws {
    let value = try ExactDecimal.parse(plain: "1" + String(repeating: "0", count: 50))
    #expect(value.digits == [1])
    #expect(value.exponent == 50)
  }

  @Test func `equal numbers are equal values whatever the notation`() throws {
    #expect(try ExactDecimal.parse(plain: "1.50") == ExactDecimal.parse(plain: "15e-1"))
    #expect(try ExactDecimal.parse(plain: "-0") == ExactDecimal.zero)
  }

  @Test func `error messages quote the input`() {
    #expect(
      NumberError.invalidCharacters(input: "12abc", character: "a", locale: "en_US").description
        == "invalid character 'a' in '12abc' for en_US")
    #expect(
      NumberError.tooManyDigits(input: "1", count: 40).description
        == "'1' has 40 significant digits; at most 38 are kept exactly")
  }

  // MARK: - Rounding

  /// Java's `RoundingMode` documentation table: rounding to an integer.
  static let roundingTable: [(RoundingMode, [String])] = [
    (.up, ["6", "3", "2", "2", "1", "-1", "-2", "-2", "-3", "-6"]),
    (.down, ["5", "2", "1", "1", "1", "-1", "-1", "-1", "-2", "-5"]),
    (.ceiling, ["6", "3", "2", "2", "1", "-1", "-1", "-1", "-2", "-5"]),
    (.floor, ["5", "2", "1", "1", "1", "-1", "-2", "-2", "-3", "-6"]),
    (.halfUp, ["6", "3", "2", "1", "1", "-1", "-1", "-2", "-3", "-6"]),
    (.halfDown, ["5", "2", "2", "1", "1", "-1", "-1", "-2", "-2", "-5"]),
    (.halfEven, ["6", "2", "2", "1", "1", "-1", "-1", "-2", "-2", "-6"]),
  ]

  @Test(arguments: roundingTable)
  func `rounding to integers follows the mode`(mode: RoundingMode, expected: [String]) throws {
    let inputs = ["5.5", "2.5", "1.6", "1.1", "1.0", "-1.0", "-1.1", "-1.6", "-2.5", "-5.5"]
    let rounded = try inputs.map {
      try ExactDecimal.parse(plain: $0).rounded(toPlace: 0, mode: mode).description
    }
    #expect(rounded == expected)
  }

  @Test(arguments: [
    ("0.125", -2, RoundingMode.halfEven, "0.12"),
    ("0.135", -2, .halfEven, "0.14"),
    ("0.1251", -2, .halfEven, "0.13"),
    ("9.999", -2, .halfUp, "10"),
    ("999.5", 0, .halfUp, "1000"),
    ("0.0004", -3, .up, "0.001"),
    ("0.0004", -3, .halfUp, "0"),
    ("-0.0004", -3, .floor, "-0.001"),
    ("-0.0004", -3, .ceiling, "0"),
    ("1234567", 3, .halfEven, "1235000"),
    ("1234567.891", 0, .down, "1234567"),
    (
      "12345678901234567890123456789012345678", -2, .halfEven,
      "12345678901234567890123456789012345678"
    ),
    ("0.00001", 0, .ceiling, "1"),
  ])
  func `rounding at a place`(input: String, place: Int, mode: RoundingMode, expected: String) throws
  {
    #expect(
      try ExactDecimal.parse(plain: input).rounded(toPlace: place, mode: mode).description
        == expected)
  }

  @Test func `rounding to significant digits`() throws {
    let value = try ExactDecimal.parse(plain: "1234567.891")
    #expect(value.rounded(toSignificantDigits: 3, mode: .halfEven).description == "1230000")
    #expect(value.rounded(toSignificantDigits: 8, mode: .halfUp).description == "1234567.9")
    #expect(
      try ExactDecimal.parse(plain: "0.0009995").rounded(toSignificantDigits: 3, mode: .halfUp)
        .description == "0.001")
  }

  @Test func `digits by place`() throws {
    let value = try ExactDecimal.parse(plain: "1204.05")
    #expect((-3...4).map { value.digit(atPlace: $0) } == [0, 5, 0, 4, 0, 2, 1, 0])
    #expect(value.integerDigitCount == 4)
    #expect(value.fractionDigitCount == 2)
  }
}
