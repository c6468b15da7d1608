import FoundationEssentials
import FoundationInternationalization
import Testing

@testable import ToolboxCore

/// The generated table (`scripts/generate-locale-names`) stands in for ICU at run time: it must list exactly
/// ICU's locales and say exactly what ICU says for every one of them.
@Suite struct LocaleNamesTests {
  @Test func `the table lists every locale ICU has, and nothing else`() {
    #expect(Set(LocaleNames.availableIdentifiers) == Set(Locale.availableIdentifiers))
    #expect(LocaleNames.availableIdentifiers.count == Set(LocaleNames.availableIdentifiers).count)
  }

  @Test func `the table's names equal ICU's for every locale`() {
    var mismatches: [String] = []
    var missing: [String] = []
    for identifier in LocaleNames.availableIdentifiers {
      guard let table = LocaleNames(identifier) else {
        missing.append(identifier)
        continue
      }
      let names = DateNames(localeIdentifier: identifier)
      let icu = DateNames(localeIdentifier: identifier, useBuiltIn: false)
      #expect(icu.calendar != nil && icu.generated == nil)
      if !DateNames.hasBuiltInNames(identifier) {
        #expect(names.generated != nil && names.calendar == nil, "\(identifier)")
      }
      if table.firstWeekday != icu.firstWeekday || names.firstWeekday != icu.firstWeekday {
        mismatches.append("\(identifier): first weekday")
      }
      if table.weekdays != icu.weekdayNames || names.weekdayNames != icu.weekdayNames {
        mismatches.append("\(identifier): weekdays")
      }
      if (1...12).map(names.monthName) != (1...12).map(icu.monthName) {
        mismatches.append("\(identifier): months")
      }
      if table.dateOrder != DateNames.numericDateOrder(identifier)
        || DateOrder.forLocale(identifier) != DateNames.numericDateOrder(identifier)
      {
        mismatches.append("\(identifier): numeric date order")
      }
    }
    #expect(missing.isEmpty, "left to ICU at run time: \(missing)")
    #expect(mismatches.isEmpty, "\(mismatches)")
  }

  @Test func `identifiers outside the table`() {
    #expect(LocaleNames("th_TH@numbers=thai") == nil)
    #expect(LocaleNames("kr_KO") == nil)
    #expect(LocaleNames("") == nil)
    #expect(LocaleNames("de_DE") != nil)
    #expect(DateNames(localeIdentifier: "th_TH@numbers=thai").calendar != nil)
    #expect(LocaleResolver.isKnown("th_TH@numbers=thai"))
    #expect(!LocaleResolver.isKnown("kr_KO"))
  }

  @Test func `years in the locale's digits`() {
    #expect(LocaleNames("ar_EG")?.yearTitle(2022) == "٢٠٢٢")
    #expect(LocaleNames("de_DE")?.monthTitle(year: 2022, month: 3) == "März 2022")
    #expect(LocaleNames("ja_JP")?.monthTitle(year: 1, month: 1) == "1年1月")
  }
}
