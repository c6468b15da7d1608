import Testing
import ToolboxCore

@testable import ToolboxSearch

/// Names from the network cannot reorder the table (bidirectional overrides and isolates), and keys that
/// differ only in normalization stay apart.
@Suite struct SearchTextSafetyTests {
  @Test func `bidi overrides and isolates in results do not reach the table`() throws {
    let body = """
      {"resultCount": 1, "results": [{"kind": "software", "trackName": "Free\\u202Egnp.exe\\u202C",
       "artistName": "\\u2067Seller\\u2069", "formattedPrice": "\\u202D$0\\u202C", "trackId": "1\\u20662"}]}
      """
    let response = try APIResponse(body: Array(body.utf8))
    let row = ResultRow(response.results[0])
    #expect(row.name == "Freegnp.exe")
    #expect(row.artist == "Seller")
    #expect(row.price == "$0")
    #expect(row.id == "12")
    let table = SearchResults(response: response).text(style: .plain)
    #expect(!table.unicodeScalars.contains { $0.isBidiControl })
  }

  @Test func `a result's NFC and NFD keys are both kept`() throws {
    let body =
      #"{"resultCount": 1, "results": [{"trackName": "x", "caf\u00e9": 1, "cafe\u0301": 2}]}"#
    let response = try APIResponse(body: Array(body.utf8))
    #expect(response.results[0].objectMembers?.count == 3)
  }
}
