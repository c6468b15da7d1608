import Foundation
import Testing
import ToolboxCore

@testable import ToolboxNumber

@Suite struct NumberSettingsTests {
  @Test func `defaults are en_US and the seed's five locales`() {
    let settings = NumberSettings()
    #expect(settings.from == "en_US")
    #expect(settings.to == ["ko_KR", "fr_GP", "ne", "ar", "it_CH"])
    #expect(settings.rounding == nil)
  }

  @Test func `rounding is one of the seven modes`() throws {
    let value = try JSONValue.parse(Array(#"{"rounding":"half-up"}"#.utf8))
    let settings = try NumberSettings(section: ConfigSection(path: "tools.number", value: value))
    #expect(settings.rounding == .halfUp)
  }

  @Test func `the number section of config.example.json decodes`() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent()
    let path = root.appendingPathComponent("config.example.json").path
    let bytes = try #require(FileManager.default.contents(atPath: path))
    let config = try Config.decode(Array(bytes), path: path)
    let section = try #require(config.tools["number"])
    let settings = try NumberSettings(section: section)
    #expect(settings.from == "en_US")
    #expect(settings.to == ["ko_KR", "fr_GP", "ne", "ar", "it_CH"])
    #expect(settings.rounding == .halfEven)
    for identifier in [settings.from] + settings.to {
      guard case .success = NumberLocale.resolve(identifier) else {
        Issue.record("config.example.json names unknown locale \(identifier)")
        continue
      }
    }
  }

  @Test(arguments: [
    (#"{"form":"en_US"}"#, "unknown key 'tools.number.form'"),
    (#"{"from":1}"#, "'tools.number.from' must be a string, not a number"),
    (#"{"to":"ko_KR"}"#, "'tools.number.to' must be an array of strings, not a string"),
    (#"{"to":[]}"#, "'tools.number.to' must name at least one locale"),
    (
      #"{"rounding":"nearest"}"#,
      "'tools.number.rounding' has invalid value 'nearest' (valid: floor, ceiling"
    ),
    (#"{"rounding":2}"#, "'tools.number.rounding' must be a string"),
  ])
  func `bad sections name the key`(json: String, message: String) throws {
    let value = try JSONValue.parse(Array(json.utf8))
    let section = try ConfigSection(path: "tools.number", value: value)
    let error = #expect(throws: ConfigError.self) { try NumberSettings(section: section) }
    #expect(error?.message.hasPrefix(message) == true, "\(String(describing: error?.message))")
  }
}
