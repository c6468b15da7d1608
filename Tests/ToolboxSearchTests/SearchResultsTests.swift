import Foundation
import Testing
import ToolboxCore

@testable import ToolboxSearch

@Suite struct SearchResultsTests {
  @Test func `the table aligns Hangul by display width`() throws {
    let response = try APIResponse(body: Fixtures.bytes("korean.json"))
    #expect(
      SearchResults(response: response).text(style: .plain)
        == """
        KIND  NAME      ARTIST/SELLER     PRICE          ID
        song  Blueming  아이유         1.29 KRW  1487297913
        song  밤편지    아이유          900 KRW  1223456789
        2 results
        """)
  }

  @Test func `one result, no results`() throws {
    let one = try APIResponse(body: Fixtures.bytes("ebook.json"))
    #expect(
      SearchResults(response: one).text(style: .plain)
        == """
        KIND   NAME      ARTIST/SELLER     PRICE         ID
        ebook  The Road  Cormac McCarthy  $11.99  357658779
        1 result
        """)
    let none = try APIResponse(body: Fixtures.bytes("empty.json"))
    #expect(SearchResults(response: none).text(style: .plain) == "0 results")
  }

  @Test func `long names are shortened by display width`() {
    #expect("abcdef".truncated(to: 4) == "abc…")
    #expect("abcd".truncated(to: 4) == "abcd")
    #expect("한국어노래".truncated(to: 6) == "한국…")
    #expect("한국어노래".truncated(to: 6).displayWidth <= 6)
  }

  @Test func `the header is bold only when styling is on`() throws {
    let response = try APIResponse(body: Fixtures.bytes("ebook.json"))
    let styled = SearchResults(response: response).text(style: TextStyle(isEnabled: true))
    let plain = SearchResults(response: response).text(style: .plain)
    #expect(styled.hasPrefix("\u{1B}[1mKIND \u{1B}[22m"))
    // Bold is all that styling adds, and only to the header line.
    let lines = styled.split(separator: "\n")
    #expect(lines.first?.contains("\u{1B}[1m") == true)
    #expect(lines.dropFirst().allSatisfy { !$0.contains("\u{1B}") }, "\(styled)")
    #expect(
      styled.replacingOccurrences(of: "\u{1B}[1m", with: "")
        .replacingOccurrences(of: "\u{1B}[22m", with: "") == plain)
    #expect(!plain.contains("\u{1B}"))
  }
}
