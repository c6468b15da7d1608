import Testing
import ToolboxCore

@testable import ToolboxSearch

@Suite struct APIResponseTests {
  @Test func `JSON output keeps every result exactly as the API sent it`() throws {
    let body = Fixtures.bytes("software.json")
    let response = try APIResponse(body: body)
    let original = try JSONValue.parse(body)
    #expect(response.results == original["results"]?.arrayValue)
    let json = try JSONOutput.document(SearchResults(response: response))
    let printed = try JSONValue.parse(json)
    #expect(printed["results"] == original["results"])
    #expect(printed.objectMembers?.map(\.key) == ["resultCount", "results"])
    // Number literals and key order survive: 0.00 stays 0.00, ids above 2^31 stay exact.
    #expect(json.contains("\"price\": 0.00,"))
    #expect(json.contains("\"trackId\": 6450330892,"))
    #expect(json.contains("\"fileSizeBytes\": \"257954816\","))
    #expect(json.contains("\"averageUserRating\": 4,"))
    let first = printed["results"]?.arrayValue?.first?.objectMembers?.map(\.key)
    #expect(first?.first == "isGameCenterEnabled")
    #expect(first?.last == "userRatingCount")
  }

  @Test func `ebooks keep fileSizeBytes as a number and have no wrapperType`() throws {
    let response = try APIResponse(body: Fixtures.bytes("ebook.json"))
    #expect(response.results[0]["fileSizeBytes"] == .number("1011283"))
    #expect(response.results[0]["wrapperType"] == nil)
    #expect(response.results[0]["averageUserRating"] == .number("4.5"))
  }

  @Test func `bodies that are not the API's JSON are rejected`() {
    #expect(throws: APIResponse.Problem.self) {
      try APIResponse(body: Array("<html>503</html>".utf8))
    }
    #expect(throws: APIResponse.Problem.self) {
      try APIResponse(body: Array("cb({\"results\":[]});".utf8))
    }
    #expect(throws: APIResponse.Problem.notEnvelope("the JSON has no 'results' array")) {
      try APIResponse(body: Array("{\"resultCount\":1}".utf8))
    }
    #expect(throws: APIResponse.Problem.notEnvelope("expected a JSON object, not an array")) {
      try APIResponse(body: Array("[]".utf8))
    }
    #expect(
      throws: APIResponse.Problem.notEnvelope(
        "the API answered 'Invalid value(s) for key(s): [country]'")
    ) {
      try APIResponse(body: Fixtures.bytes("error-400.json"))
    }
  }

  @Test func `a missing resultCount is the number of results`() throws {
    let response = try APIResponse(body: Array("{\"results\":[{},{}]}".utf8))
    #expect(response.resultCount == .number("2"))
  }

  @Test func `the API's errorMessage is found in JSON and JSONP bodies`() {
    #expect(
      APIResponse.errorMessage(in: Fixtures.bytes("error-400.json"))
        == "Invalid value(s) for key(s): [country]")
    #expect(
      APIResponse.errorMessage(
        in: Array("cb({\"errorMessage\":\"Invalid value(s) for key(s): [mediaType]\"});".utf8))
        == "Invalid value(s) for key(s): [mediaType]")
    #expect(APIResponse.errorMessage(in: Array("<html>Bad Request</html>".utf8)) == nil)
    #expect(APIResponse.errorMessage(in: []) == nil)
  }
}
