import ToolboxCore

/// A JSON answer of the Search or Lookup API: `{"resultCount": N, "results": [{…}, …]}`.
///
/// Each result is kept exactly as the API sent it (every field, Apple's names, key order, number literals),
/// so nothing the API does not promise is decoded strictly: prices and ratings may be integers or fractions,
/// ids exceed 2³¹, `fileSizeBytes` is a string for apps and a number for books, and any field may be missing.
struct APIResponse: Sendable, Equatable {
  /// `resultCount` as sent (a number literal), or the number of results if the API left it out.
  let resultCount: JSONValue
  /// The results, as sent.
  let results: [JSONValue]

  /// Why a body is not the API's JSON.
  enum Problem: Error, Equatable {
    /// Not JSON at all (HTML, JSONP, truncated…).
    case notJSON(String)
    /// JSON, but not the API's envelope.
    case notEnvelope(String)
  }

  /// Parses a body.
  ///
  /// - Parameter body: The bytes the server sent (the API pads them with newlines, which is fine).
  /// - Throws: ``Problem`` when the body is not the API's JSON.
  init(body: [UInt8]) throws(Problem) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(body)
    } catch {
      throw .notJSON(error.description)
    }
    guard case .object = value else {
      throw .notEnvelope("expected a JSON object, not \(value.typeDescription)")
    }
    guard let results = value["results"]?.arrayValue else {
      if let message = value["errorMessage"]?.stringValue {
        throw .notEnvelope("the API answered '\(message)'")
      }
      throw .notEnvelope("the JSON has no 'results' array")
    }
    self.results = results
    if let count = value["resultCount"], case .number = count {
      resultCount = count
    } else {
      resultCount = .number(String(results.count))
    }
  }

  /// The API's `errorMessage` in an error body (HTTP 400), if there is one.
  ///
  /// Also finds it inside a JSONP wrapper (`callback({…});`).
  ///
  /// - Parameter body: The error body.
  /// - Returns: The message, or `nil`.
  static func errorMessage(in body: [UInt8]) -> String? {
    if let value = try? JSONValue.parse(body), let message = value["errorMessage"]?.stringValue {
      return message
    }
    guard let open = body.firstIndex(of: UInt8(ascii: "(")),
      let close = body.lastIndex(of: UInt8(ascii: ")")), open < close,
      let value = try? JSONValue.parse(body[(open + 1)..<close])
    else { return nil }
    return value["errorMessage"]?.stringValue
  }
}
