import Foundation
import Testing
import ToolboxBuiltIns
import ToolboxCore
import ToolboxTestSupport

/// One rule for every tool (issue 27): a locale `number` writes in is one calendar, dday and the agenda
/// write in, with CLDR's script and region fallback, and an unknown one gets the same message everywhere.
/// The real dispatcher with every built-in tool, in-process.
@Suite struct LocaleRuleTests {
  let runner = ToolboxRunner(tools: builtInTools, today: .test("2026-12-02"))

  /// The title line of `calendar 1 2022`, without its centring.
  func calendarTitle(_ locale: String) -> RunResult {
    runner.run("--locale", locale, "calendar", "1", "2022")
  }

  func title(of result: RunResult) -> String {
    String(result.output.prefix { $0 != "\n" }.drop { $0 == " " })
  }

  /// What the generated table holds for an entry: the title `calendar` must print.
  func tableTitle(_ entry: String) -> String? {
    LocaleNames(entry)?.monthTitle(year: 2022, month: 1)
  }

  @Test func `every locale number lists is one calendar accepts, titled from its own table entry`()
  {
    let listing = runner.run("number", "locales")
    #expect(listing.status == 0)
    let identifiers = listing.output.split(separator: "\n").dropLast()
      .compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(identifiers.count > 700)
    var problems: [String] = []
    for identifier in identifiers {
      let result = calendarTitle(identifier)
      if result.status != 0 {
        problems.append("\(identifier): \(result.error)")
        continue
      }
      // en and ko have built-in titles (checked against ICU by CalendarNamesTests); every Korean locale
      // keeps the seed app's title (2022년 01월).
      if let expected = tableTitle(identifier), !DateNames.hasBuiltInNames(identifier),
        !identifier.hasPrefix("ko"), title(of: result) != expected
      {
        problems.append("\(identifier): '\(title(of: result))', the table has '\(expected)'")
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(20))")
  }

  @Test(arguments: [
    ("zh_CN", "zh_Hans_CN"), ("zh_TW", "zh_Hant_TW"), ("zh_HK", "zh_Hant_HK"),
    ("zh_MO", "zh_Hant_MO"),
    ("zh_SG", "zh_Hans_SG"), ("zh_MY", "zh_Hans_MY"), ("sr_RS", "sr_Cyrl_RS"),
    ("sr_ME", "sr_Latn_ME"),
    ("sr_BA", "sr_Cyrl_BA"), ("no_NO", "no"), ("pa_IN", "pa_Guru_IN"), ("uz_UZ", "uz_Latn_UZ"),
    ("uz_AF", "uz_Arab_AF"), ("az_AZ", "az_Latn_AZ"), ("bs_BA", "bs_Latn_BA"),
    ("yue_HK", "yue_Hant_HK"),
    ("ko_Kore_KR", "ko_KR"), ("iw", "he"), ("iw_IL", "he_IL"), ("in_ID", "id_ID"), ("tl", "fil"),
    ("mo", "ro"),
    ("sh", "sr_Latn"), ("zh-cn", "zh_Hans_CN"), ("zh_CN.UTF-8", "zh_Hans_CN"),
  ])
  func `a language and region without the script take the entry CLDR's likely subtags name`(
    written: String, entry: String
  ) throws {
    #expect(LocaleResolver.dataIdentifier(for: LocaleResolver.normalize(written)) == entry)
    let result = calendarTitle(written)
    #expect(result.status == 0, "\(result.error)")
    let expected = try #require(tableTitle(entry))
    #expect(title(of: result) == expected || entry.hasPrefix("ko"))
    // The whole month is the entry's: header and first weekday too.
    #expect(result == calendarTitle(entry))
    #expect(runner.run("--locale", written, "number", "format", "1234.5").status == 0)
    #expect(runner.run("--locale", written, "dday", "2027-01-01").status == 0)
    #expect(runner.run("--locale", written, "agenda").status == 0)
  }

  @Test func `zh_CN is Chinese, not English`() {
    let result = calendarTitle("zh_CN")
    #expect(title(of: result) == "2022年1月")
    #expect(result.output.contains("日 一 二 三 四 五 六"))
  }

  /// Calendar and number agree on every language_REGION form a table entry with a script stands for
  /// (zh_CN, sr_RS, pa_PK, …): both accept it, or both refuse it with the same message.
  @Test func `calendar and number accept and refuse the same plain forms, with the same message`() {
    var forms: Set<String> = ["en_UK", "de_JP", "kr_KO", "xx_YY", "sr_CS", "zh_XX", "korean", "kr"]
    for identifier in LocaleNames.availableIdentifiers {
      let parts = identifier.split(separator: "_")
      if parts.count == 3, parts[1].count == 4 { forms.insert("\(parts[0])_\(parts[2])") }
      if parts.count == 2, parts[1].count == 4 {
        forms.insert("\(parts[0])_\(parts[0].uppercased())")
      }
    }
    var problems: [String] = []
    for form in forms.sorted() {
      let calendar = runner.run("--locale", form, "calendar", "1", "2022")
      let number = runner.run("--locale", form, "number", "format", "1")
      if (calendar.status == 0) != (number.status == 0) {
        problems.append("\(form): calendar \(calendar.status), number \(number.status)")
      } else if calendar.status != 0,
        calendar.error.replacing("toolbox: calendar: ", with: "")
          != number.error.replacing("toolbox: number: ", with: "")
      {
        problems.append("\(form): '\(calendar.error)' / '\(number.error)'")
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(20))")
  }

  @Test(arguments: [
    ("en_UK", " (did you mean 'en_GB'?)"), ("korean", " (did you mean 'ko_KR'?)"),
    ("kr", " (did you mean 'ko_KR'?)"), ("sr_CS", " (did you mean 'sr_RS'?)"),
    ("chinese", " (did you mean 'zh_CN'?)"), ("kr_KO", ""),
  ])
  func `unknown locales get the same message from every tool`(written: String, hint: String) {
    let message = "unknown locale '\(written)'\(hint)"
    // Every command that writes in the locale (the agenda is toolbox's own: no tool in its prefix).
    for words in [["calendar"], ["dday", "after", "1"], ["agenda"], ["number", "format", "1"]] {
      let result = runner.run(["--locale", written] + words)
      let prefix = words[0] == "agenda" ? "toolbox: " : "toolbox: \(words[0]): "
      #expect(result.status == 64, "\(words)")
      #expect(result.error.hasPrefix(prefix + message + "\n"), "\(words): \(result.error)")
    }
  }
}

/// A config's `locale` is checked once, when the file is read: every command, whatever it does with the
/// locale, refuses a bad one with the same line and exit 78.
@Suite struct ConfigLocaleTests {
  static let commands: [[String]] = [
    ["calendar", "1", "2022"], ["calendar", "holidays"], ["dday", "2027-01-01"], ["agenda"],
    ["number", "format", "1"], ["todo", "ls"], ["search", "swift"], ["tools"],
  ]

  /// Runs every command with `HOME` a temporary folder whose default config holds `config`.
  func runAll(_ config: String) throws -> [(words: [String], result: RunResult, path: String)] {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let path = try home.write(".config/toolbox/config.json", config)
    let runner = ToolboxRunner(
      tools: builtInTools, environment: Environment(["HOME": home.path]),
      today: .test("2026-12-02"))
    return Self.commands.map { words in (words, runner.run(words), path) }
  }

  @Test(arguments: [
    ("xx_YY", ""), ("en_UK", " (did you mean 'en_GB'?)"), ("korean", " (did you mean 'ko_KR'?)"),
    ("kr", " (did you mean 'ko_KR'?)"),
  ])
  func `a bad config locale is the same config error from every command`(
    value: String, hint: String
  )
    throws
  {
    for (words, result, path) in try runAll(#"{"locale": "\#(value)"}"#) {
      #expect(result.status == 78, "\(words)")
      #expect(result.output == "", "\(words)")
      #expect(
        result.error == "toolbox: \(path): 'locale': unknown locale '\(value)'\(hint)\n",
        "\(words)")
    }
  }

  @Test func `a good config locale, zh_CN included, is used`() throws {
    for (words, result, _) in try runAll(#"{"locale": "zh_CN"}"#) where words.first != "search" {
      #expect(result.status == 0 || words.first == "todo", "\(words): \(result.error)")
      #expect(!result.error.contains("locale"), "\(words): \(result.error)")
    }
  }
}
