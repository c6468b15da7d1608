import Foundation
import ToolboxTestSupport

/// The scripted HTTP server of the search tests (`Tests/ToolboxSearchTests/Fixtures/search_server.py`) on
/// 127.0.0.1 in a child process, for runs of the real binary.
final class SearchTestServer: @unchecked Sendable {
  /// The fixture folder, shared with the search unit tests.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ToolboxSearchTests/Fixtures").path

  private let server: PythonServer
  private let log: String

  /// Starts the server.
  ///
  /// - Parameter responses: The scripted answers (see search_server.py), in order; the last one repeats.
  init(_ responses: [[String: Any]]) throws {
    log = NSTemporaryDirectory() + "toolbox-search-e2e-\(UUID().uuidString).log"
    let scenario = try JSONSerialization.data(withJSONObject: ["responses": responses])
    server = try PythonServer(
      script: Self.fixtures + "/search_server.py",
      arguments: [String(decoding: scenario, as: UTF8.self), log])
  }

  /// A fixture body with the API's content type.
  static func fixture(_ name: String, status: Int = 200) -> [String: Any] {
    [
      "status": status, "bodyFile": fixtures + "/" + name,
      "headers": ["Content-Type": "text/javascript"],
    ]
  }

  var port: Int { server.port }

  /// `http://127.0.0.1:PORT`.
  var baseURL: String { server.baseURL }

  /// The request targets that reached the server, waiting up to 5 s for `count` of them.
  func targets(reaching count: Int = 0) -> [String] {
    var targets: [String] = []
    for _ in 0..<100 {
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      targets = text.split(separator: "\n").compactMap {
        (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["target"]
          as? String
      }
      if targets.count >= count { break }
      usleep(50_000)
    }
    return targets
  }

  /// Stops the server and removes its log.
  func stop() {
    server.stop()
    try? FileManager.default.removeItem(atPath: log)
  }
}
