import FuzzSupport

@testable import ToolboxNumber

// The canonical decimal parser (`number parse` output, config values, `--from` plain input) and the
// arithmetic on its values: the canonical text reads back as the same value and is its own canonical text;
// rounding lands on the place asked for, keeps the sign, and is idempotent; scaling by 10ⁿ and back is exact
// within the magnitude range.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecimal(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let mode = input.choose(RoundingMode.allCases)
  let place = Int(Int8(bitPattern: input.byte()))
  let significant = Int(input.byte() % 40) + 1
  let text = input.restText()
  guard let value = try? ExactDecimal.parse(plain: text) else { return 0 }
  let shown = "\(Array(text.utf8))"

  let canonical = value.description
  let reread = try? ExactDecimal.parse(plain: canonical)
  require(reread == value, "\(shown) → \(canonical) reads back as \(String(describing: reread))")
  require(reread?.description == canonical, "\(canonical) is not its own canonical text")

  let rounded = value.rounded(toPlace: place, mode: mode)
  require(rounded.digits.isEmpty || rounded.exponent >= place, "\(value) at \(place) → \(rounded)")
  require(
    rounded.digits.isEmpty || rounded.isNegative == value.isNegative,
    "\(value) rounded to \(rounded) changed sign")
  require(
    rounded.rounded(toPlace: place, mode: mode) == rounded, "rounding \(rounded) again moved it")
  if value.digits.isEmpty || value.exponent >= place {
    require(rounded == value, "\(value) already has no digit below \(place) but became \(rounded)")
  }

  let significantRounded = value.rounded(toSignificantDigits: significant, mode: mode)
  require(
    significantRounded.digits.count <= significant,
    "\(value) to \(significant) significant digits → \(significantRounded)")

  let scaled = value.scaled(byPowerOfTen: place)
  require(
    scaled.scaled(byPowerOfTen: -place) == value, "\(value) × 10^\(place) and back is not exact")
  return 0
}
