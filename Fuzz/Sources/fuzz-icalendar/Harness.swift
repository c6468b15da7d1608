import FuzzSupport
import ToolboxCore
import ToolboxICalendar

@testable import ToolboxDDay

// The iCalendar reader (ToolboxICalendar): any bytes are either components or one ICalendarError whose line
// exists in the input and whose message is one line; what was read, written back, is valid iCalendar (CRLF,
// physical lines of at most 75 octets that are each valid UTF-8) and reads back as the same components; the
// typed values (TEXT, lists, dates, recurrence rules) survive their own round trips; `dday import`'s reading
// of the components gives D-Days or skipped events with a line in the input and a one-line reason.

/// Small limits, so that the fuzzer reaches them too.
let limits = ICalendarReader.Limits(
  maxBytes: 1 << 16, maxLineBytes: 4096, maxDepth: 8, maxLines: 2000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICalendar(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let bytes = input.rest()
  let components: [ICalendarComponent]
  do {
    components = try ICalendarReader(limits: limits).read(bytes)
  } catch {
    if let line = error.line {
      require(line >= 1 && line <= physicalLines(bytes), "line \(line) of \(physicalLines(bytes))")
    }
    require(
      !error.description.isEmpty
        && !error.description.unicodeScalars.contains(where: \.isTerminalControl),
      "error message \(Array(error.description.unicodeScalars))")
    return 0
  }
  let text = ICalendarWriter.serialize(components)
  require(text.hasSuffix("\r\n"), "output does not end in CRLF")
  for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast() {
    require(line.last == 0x0D, "a line feed without a carriage return")
    let physical = line.dropLast()
    require(physical.count <= 75, "physical line of \(physical.count) octets")
    require(!physical.contains(0x0D), "a bare carriage return")
    require(String(validating: physical, as: UTF8.self) != nil, "a character split by folding")
  }
  do {
    let again = try ICalendarReader().read(text)
    require(again == components, "read back differently: \(text)")
    require(ICalendarWriter.serialize(again) == text, "writing is not stable: \(text)")
  } catch {
    require(false, "own output not readable: \(error) in \(text)")
  }
  for component in components { check(component) }
  let lines = physicalLines(bytes)
  for countStartDay in [true, false] {
    let (events, skipped) = DDayICalendar.read(components, countStartDay: countStartDay)
    for event in events {
      require(event.line >= 1 && event.line <= lines, "event line \(event.line)")
    }
    for problem in skipped {
      if let line = problem.line { require(line >= 1 && line <= lines, "skipped line \(line)") }
      require(
        !problem.reason.isEmpty
          && !problem.reason.unicodeScalars.contains(where: \.isTerminalControl),
        "skip reason \(Array(problem.reason.unicodeScalars))")
    }
  }
  return 0
}

/// The typed values of every property survive their round trips.
func check(_ component: ICalendarComponent) {
  for property in component.properties {
    let text = property.text
    require(ICalendarText.unescape(ICalendarText.escape(text)) == text, "TEXT \(property.raw)")
    let texts = property.texts
    require(ICalendarText.splitList(ICalendarText.joinList(texts)) == texts, "list \(property.raw)")
    if let value = try? property.dateValue() {
      let written = ICalendarProperty.date(property.name, value)
      require((try? written.dateValue()) == value, "date \(property.raw) → \(written.raw)")
    }
    if let rule = try? property.recurrenceRule() {
      require(
        (try? RecurrenceRule(parsing: rule.text)) == rule, "RRULE \(property.raw) → \(rule.text)")
    }
    _ = try? property.integer()
  }
  for child in component.components { check(child) }
}

/// The number of physical lines, counted as the reader counts them (CRLF, LF or CR ends one).
func physicalLines(_ bytes: [UInt8]) -> Int {
  var count = 0
  var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  while index < bytes.count {
    count += 1
    while index < bytes.count, bytes[index] != 0x0D, bytes[index] != 0x0A { index += 1 }
    if index + 1 < bytes.count, bytes[index] == 0x0D, bytes[index + 1] == 0x0A { index += 1 }
    index += 1
  }
  return count
}
