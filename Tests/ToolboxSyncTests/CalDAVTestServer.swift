import Foundation
import ToolboxTestSupport

/// The sync module's tests use ToolboxTestSupport's server, and the HTTP helper built beside them.
typealias CalDAVTestServer = CalDAVServer

extension CalDAVServer {
  /// The HTTP helper built beside the tests (`.build/debug/toolbox-http`).
  static var helper: String {
    var path = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { path.deleteLastPathComponent() }
    return path.path + "/.build/debug/toolbox-http"
  }

  /// Whether the server's program and the HTTP helper are there.
  static func isAvailableWithHelper(_ kind: Kind) -> Bool {
    isAvailable(kind) && FileManager.default.isExecutableFile(atPath: helper)
  }
}
