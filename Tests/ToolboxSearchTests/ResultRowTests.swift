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

  /// Found by the fuzz-itunes harness (Fuzz/): a C1 control character (U+0090; U+009B is CSI on some
  /// terminals) or a line separator in a name reached the table as it was.
  @Test(arguments: ["\u{90}", "\u{9B}31m", "\u{85}", "\u{2028}", "\u{2029}", "\u{1B}[2J", "\u{7F}"])
  func `names never carry control characters into the table`(control: String) throws {
    let name = "a" + control + "b"
    let row = ResultRow(
      .object([
        .init("trackName", .string(name)), .init("artistName", .string(name)),
        .init("kind", .string(name)), .init("trackId", .string(name)),
      ]))
    for cell in [row.name, row.artist, row.kind, row.id] {
      #expect(
        !cell.unicodeScalars.contains {
          [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
        }, "\(Array(cell.unicodeScalars))")
      #expect(cell.hasPrefix("a") && cell.hasSuffix("b"))
    }
  }
}
