// Writes Sources/ToolboxCore/LocaleNames+Table.swift: the date names of every locale ICU has data for, read
// through this toolchain's Foundation exactly as DateNames, CalendarNames and DateOrder read them at run time
// (they did, before this table): weekday and month names, the weekday header, month and year titles, the
// first day of the week and the order of numeric dates. Run it through scripts/generate-locale-names, which
// compiles it and names the toolchain in the header.
//
//   generate-locale-names TOOLCHAIN_DESCRIPTION
//
// One entry is one string, fields separated by U+001F (the reader is LocaleNames.swift):
//   0       first weekday, 0 = Sunday
//   1       numeric date order: m (month/day/year), d (day/month/year), y (year/month/day)
//   2       the ten digits of the locale's years, empty for ASCII digits
//   3...9   standalone full weekday names, Sunday first
//   10...21 standalone full month names
//   22...28 short weekday names (format context), Sunday first
//   29...35 narrow standalone weekday names, Sunday first
//   36...47 month-and-year titles, the year replaced by U+001E
//   48      the year title, the year replaced by U+001E
// Identical entries are stored once. A locale whose titles do not follow one template for every year
// checked is left out (it loads ICU at run time); the program says which on standard error.

import Foundation

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("generate-locale-names: \(message)\n".utf8))
  exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else { fail("usage: generate-locale-names TOOLCHAIN") }
let toolchain = arguments[1]
let separator = "\u{1F}"
let yearMark = "\u{1E}"
let gmt = TimeZone(identifier: "GMT")!

/// Days since 0001-01-01 of a proleptic Gregorian date, as CivilDate counts them.
func dayNumber(_ year: Int, _ month: Int, _ day: Int) -> Int {
  let y = month <= 2 ? year - 1 : year
  let era = y / 400
  let yearOfEra = y - era * 400
  let shiftedMonth = month > 2 ? month - 3 : month + 9
  let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
  return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 306
}

/// Noon UTC of a civil date, as CalendarNames makes it.
func noon(_ year: Int, _ month: Int, _ day: Int) -> Date {
  Date(timeIntervalSince1970: Double(dayNumber(year, month, day) - 719_162) * 86_400 + 43_200)
}

/// As DateNames.numericDateOrder.
func dateOrder(_ identifier: String) -> String {
  let locale = Locale(identifier: identifier + "@numbers=latn")
  var calendar = Calendar(identifier: .gregorian)
  calendar.locale = locale
  calendar.timeZone = gmt
  let style = Date.FormatStyle(
    date: .numeric, time: .omitted, locale: locale, calendar: calendar, timeZone: gmt)
  let text = Date(timeIntervalSince1970: 2_016_273_600).formatted(style)
  guard let year = text.firstRange(of: "33")?.lowerBound,
    let month = text.firstRange(of: "11")?.lowerBound,
    let day = text.firstRange(of: "22")?.lowerBound
  else { return "m" }
  if year < month && year < day { return "y" }
  return day < month ? "d" : "m"
}

struct Names {
  let calendar: Calendar
  let style: Date.FormatStyle

  init(_ identifier: String) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.locale = Locale(identifier: identifier)
    calendar.timeZone = gmt
    self.calendar = calendar
    style = Date.FormatStyle(
      date: .omitted, time: .omitted, locale: calendar.locale ?? Locale(identifier: identifier),
      calendar: calendar, timeZone: gmt)
  }

  func monthTitle(_ year: Int, _ month: Int) -> String {
    noon(year, month, 15).formatted(style.year().month(.wide))
  }

  func yearTitle(_ year: Int) -> String {
    noon(year, 6, 15).formatted(style.year())
  }
}

/// The locale's digits, read off year titles of 1000 and 1111 … 9999: the text around the year is the same
/// in all of them, and what differs is the year.
func digits(_ names: Names) -> [String]? {
  let titles = [1000] + (1...9).map { $0 * 1111 }
  let texts = titles.map { Array(names.yearTitle($0)) }
  var prefix = 0
  while texts.allSatisfy({ prefix < $0.count && $0[prefix] == texts[0][prefix] }) { prefix += 1 }
  var suffix = 0
  while texts.allSatisfy({
    suffix < $0.count - prefix && $0[$0.count - 1 - suffix] == texts[0][texts[0].count - 1 - suffix]
  }) {
    suffix += 1
  }
  let middles = texts.map { Array($0[prefix..<($0.count - suffix)]) }
  guard middles.allSatisfy({ $0.count == 4 }) else { return nil }
  var result = [String](repeating: "", count: 10)
  result[0] = String(middles[0][1])
  result[1] = String(middles[0][0])
  for digit in 1...9 {
    guard Set(middles[digit]).count == 1 else { return nil }
    result[digit] = String(middles[digit][0])
  }
  guard Set(result).count == 10 else { return nil }
  return result
}

func render(_ year: Int, _ digits: [String]?) -> String {
  let ascii = String(year)
  guard let digits else { return ascii }
  return ascii.map { digits[Int(String($0))!] }.joined()
}

/// A title with its year replaced by the mark, if that template gives ICU's title for every year checked.
func template(_ title: (Int) -> String, digits: [String]?) -> String? {
  let text = title(2022)
  guard let range = text.range(of: render(2022, digits)) else { return nil }
  let result = text.replacingCharacters(in: range, with: yearMark)
  for year in [1, 9, 10, 99, 582, 1000, 1582, 1900, 2026, 9999] {
    guard title(year) == result.replacingOccurrences(of: yearMark, with: render(year, digits))
    else { return nil }
  }
  return result
}

func entry(_ identifier: String) -> String? {
  let names = Names(identifier)
  let calendar = names.calendar
  let localeDigits = digits(names)
  let ascii = (0...9).map(String.init)
  let yearDigits = localeDigits == ascii ? nil : localeDigits
  if localeDigits == nil { return nil }
  var fields: [String] = [
    String(calendar.firstWeekday - 1), dateOrder(identifier), yearDigits?.joined() ?? "",
  ]
  fields += calendar.standaloneWeekdaySymbols
  fields += calendar.standaloneMonthSymbols
  let short = names.style.weekday(.short)
  fields += (0..<7).map { noon(2023, 1, 1 + $0).formatted(short) }
  fields += calendar.veryShortStandaloneWeekdaySymbols
  for month in 1...12 {
    guard let title = template({ names.monthTitle($0, month) }, digits: yearDigits) else {
      return nil
    }
    fields.append(title)
  }
  guard let year = template(names.yearTitle, digits: yearDigits) else { return nil }
  fields.append(year)
  guard fields.count == 49, fields.allSatisfy({ !$0.contains(separator) }) else { return nil }
  return fields.joined(separator: separator)
}

let identifiers = Locale.availableIdentifiers.sorted {
  Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
}
var entries: [String] = []
var entryIndex: [String: Int] = [:]
var rows: [(String, Int)] = []
var skipped: [String] = []
for identifier in identifiers {
  guard let text = entry(identifier) else {
    skipped.append(identifier)
    rows.append((identifier, -1))
    continue
  }
  if let index = entryIndex[text] {
    rows.append((identifier, index))
  } else {
    entryIndex[text] = entries.count
    rows.append((identifier, entries.count))
    entries.append(text)
  }
}
if !skipped.isEmpty {
  FileHandle.standardError.write(
    Data(
      "generate-locale-names: no template for \(skipped.joined(separator: " ")); ICU at run time\n"
        .utf8))
}

/// A Swift string literal with every non-ASCII or control scalar escaped, so the file is plain ASCII.
func literal(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case " "..."~": out.unicodeScalars.append(scalar)
    default: out += "\\u{\(String(scalar.value, radix: 16))}"
    }
  }
  return out + "\""
}

var output = """
  // Generated by scripts/generate-locale-names from ICU's locale data in \(toolchain)'s Foundation.
  // Do not edit; run the script again instead. \(identifiers.count) locales, \(entries.count) distinct entries\
  \(skipped.isEmpty ? "" : ", \(skipped.count) left to ICU at run time").

  extension LocaleNames {
    /// Every locale identifier ICU has data for, sorted by UTF-8 bytes.
    static let identifiers: [String] = [

  """
for (identifier, _) in rows { output += "    \(literal(identifier)),\n" }
output += """
    ]

    /// The entry of each identifier in ``entries``, or -1 when its names are read from ICU.
    static let entryOfIdentifier: [Int16] = [

  """
for start in stride(from: 0, to: rows.count, by: 16) {
  output +=
    "    " + rows[start..<min(start + 16, rows.count)].map { String($0.1) }.joined(separator: ", ")
    + ",\n"
}
output += """
    ]

    /// The entries, fields separated by U+001F (see ``LocaleNames/init(entry:)``).
    static let entries: [String] = [

  """
for text in entries { output += "    \(literal(text)),\n" }
output += "  ]\n}\n"
print(output, terminator: "")
