import Testing
import ToolboxCore

@testable import ToolboxSearch

/// Decoding of every result kind from bodies in the API's documented shapes.
@Suite struct ResultRowTests {
  struct Expected: Sendable, CustomTestStringConvertible {
    let fixture: String
    let rows: [[String]]
    var testDescription: String { fixture }
  }

  @Test(arguments: [
    Expected(
      fixture: "software.json",
      rows: [
        ["software", "Yelp: Food, Delivery & Reviews", "Yelp, Inc.", "Free", "284910350"],
        ["software", "Pocket Planner Pro", "Example Studio", "4.99 USD", "6450330892"],
      ]),
    Expected(
      fixture: "song.json",
      rows: [
        ["song", "Better Together", "Jack Johnson", "1.29 USD", "879273565"],
        ["song", "Banana Pancakes", "Jack Johnson", "1.29 USD", "879273570"],
      ]),
    Expected(
      fixture: "lookup-artist-albums.json",
      rows: [
        ["artist", "Jack Johnson", "", "", "909253"],
        ["collection", "In Between Dreams", "Jack Johnson", "9.99 USD", "879273552"],
        ["collection", "Brushfire Fairytales", "Jack Johnson", "7.99 USD", "1440857781"],
      ]),
    Expected(
      fixture: "ebook.json",
      rows: [["ebook", "The Road", "Cormac McCarthy", "$11.99", "357658779"]]),
    Expected(
      fixture: "podcast.json",
      rows: [["podcast", "The Daily", "The New York Times", "Free", "1200361736"]]),
    Expected(
      fixture: "movie.json",
      rows: [
        ["feature-movie", "Star Wars: The Last Jedi", "Rian Johnson", "19.99 USD", "1454049990"]
      ]),
    Expected(
      fixture: "audiobook.json",
      rows: [["audiobook", "The Road (Unabridged)", "Cormac McCarthy", "17.95 USD", "1440746573"]]),
    Expected(
      fixture: "tv-episode.json",
      rows: [["tv-episode", "A Study In Pink", "Sherlock", "2.99 USD", "1446229712"]]),
    Expected(
      fixture: "korean.json",
      rows: [
        ["song", "Blueming", "아이유", "1.29 KRW", "1487297913"],
        ["song", "밤편지", "아이유", "900 KRW", "1223456789"],
      ]),
    Expected(fixture: "empty.json", rows: []),
  ])
  func `every result kind decodes leniently`(expected: Expected) throws {
    let response = try APIResponse(body: Fixtures.bytes(expected.fixture))
    let rows = response.results.map(ResultRow.init).map {
      [$0.kind, $0.name, $0.artist, $0.price, $0.id]
    }
    #expect(rows == expected.rows)
    #expect(response.resultCount == .number(String(expected.rows.count)))
  }

  @Test func `missing and odd fields never fail`() throws {
    let response = try APIResponse(
      body: Array(
        #"""
        {"resultCount":3,"results":[{},
        {"wrapperType":"track","trackName":"Line\nbreak\tname","trackPrice":-1,"trackId":"12"},
        {"kind":"song","trackName":"","collectionName":"Only collection","price":"9.99","collectionPrice":2}]}
        """#.utf8))
    let rows = response.results.map(ResultRow.init)
    #expect(rows[0] == ResultRow(.object([])))
    #expect(
      [rows[0].kind, rows[0].name, rows[0].artist, rows[0].price, rows[0].id] == [
        "-", "", "", "", "",
      ])
    #expect(
      [rows[1].kind, rows[1].name, rows[1].price, rows[1].id] == [
        "track", "Line break name", "-", "12",
      ])
    #expect([rows[2].name, rows[2].price] == ["Only collection", "2"])
  }
}

@Suite struct APIResponseTests {
  @Test func `JSON output keeps every result exactly as the API sent it`() throws {
    let body = Fixtures.bytes("software.json")
    let response = try APIResponse(body: body)
    let original = try JSONValue.parse(body)
    #expect(response.results == original["results"]?.arrayValue)
    let printed = try JSONValue.parse(response.json)
    #expect(printed["results"] == original["results"])
    #expect(printed.objectMembers?.map(\.key) == ["resultCount", "results"])
    // Number literals and key order survive: 0.00 stays 0.00, ids above 2^31 stay exact.
    #expect(response.json.contains("\"price\": 0.00,"))
    #expect(response.json.contains("\"trackId\": 6450330892,"))
    #expect(response.json.contains("\"fileSizeBytes\": \"257954816\","))
    #expect(response.json.contains("\"averageUserRating\": 4,"))
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

@Suite struct SearchResultsTextTests {
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
    let text = SearchResults(response: response).text(style: TextStyle(isEnabled: true))
    #expect(text.hasPrefix("\u{1B}[1mKIND \u{1B}[22m"))
  }
}
