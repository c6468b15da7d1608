import FuzzSupport
import ToolboxCore

@testable import ToolboxSearch

// The iTunes response decoder and the table renderer: any body is either the API's envelope or a
// `bad_response` problem; an envelope's JSON output reads back as the same values, and the text table has a
// header, one line per result and the count, with no control character (a name with a line break or an
// escape sequence must not break rows or reach the terminal).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzITunes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let body = input.rest()
  _ = APIResponse.errorMessage(in: body)
  guard let response = try? APIResponse(body: body) else { return 0 }

  // What `toolbox --json search` prints, through the one JSON writer.
  guard let json = try? JSONOutput.document(SearchResults(response: response)) else {
    fatalError("cannot write the JSON of \(body)")
  }
  let reread = try? JSONValue.parse(json)
  require(
    reread
      == .object([
        .init("resultCount", response.resultCount), .init("results", .array(response.results)),
      ]), "the JSON output of \(body) does not read back: \(json)")

  let text = SearchResults(response: response).text(style: TextStyle(isEnabled: false))
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  let expected = response.results.isEmpty ? 1 : response.results.count + 2
  require(lines.count == expected, "\(response.results.count) results made \(lines.count) lines")
  require(
    !text.unicodeScalars.contains { $0 != "\n" && $0.properties.generalCategory == .control },
    "the table of \(body) has a control character: \(Array(text.unicodeScalars))")
  return 0
}
