import Foundation
import Testing

@Suite struct CoreEndToEndTests {
  @Test func `version prints the version and exits 0`() throws {
    let result = try Toolbox.run("--version")
    #expect(result.output == "toolbox 0.1.0\n")
    #expect(result.error == "")
    #expect(result.status == 0)
  }
}
