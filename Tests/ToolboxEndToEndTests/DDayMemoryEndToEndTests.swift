import Foundation
import Testing

/// dday's largest outputs are written as they are made: the process's peak memory stays flat however many
/// lines it writes (issue 25: `--json dday anniversaries … --count 3652059` held 2.45 GB).
@Suite struct DDayMemoryEndToEndTests {
  /// Runs the binary and reads its output, sampling the child's high-water mark (`VmHWM`) after each MiB
  /// read: the last sample is taken with at most a MiB (and a pipe's worth) of output still to come.
  ///
  /// - Returns: The bytes of output, the largest sample in KiB, and the exit status.
  static func run(_ arguments: [String]) throws -> (bytes: Int, peakKiB: Int, status: Int32) {
    let toolbox = try Toolbox.start(arguments, timeout: 120)
    let pid = toolbox.process.processIdentifier
    var bytes = 0
    var peak = 0
    var nextSample = 0
    while true {
      let data = toolbox.output.availableData
      if data.isEmpty { break }
      bytes += data.count
      if bytes >= nextSample {
        peak = max(peak, NumberEndToEndTests.highWaterMarkKiB(of: pid))
        nextSample = bytes + (1 << 20)
      }
    }
    return (bytes, peak, try toolbox.finish())
  }

  /// 300,000 day anniversaries in JSON are 30 MB of output; the process stays under 30 MiB (it was
  /// about 200 MB, the items, their JSON values and the text held at once).
  @Test func `anniversaries stream: memory stays flat however many`() throws {
    let json = try Self.run([
      "--json", "dday", "anniversaries", "0001-01-01", "--every", "1", "--count", "300000",
    ])
    #expect(json.status == 0)
    #expect(json.bytes > 30_000_000)
    #expect(json.peakKiB > 0)
    #expect(json.peakKiB < 30 * 1024, "peak \(json.peakKiB) KiB for \(json.bytes) bytes of JSON")
    let text = try Self.run([
      "dday", "anniversaries", "0001-01-01", "--every", "1", "--count", "300000",
    ])
    #expect(text.status == 0)
    #expect(text.bytes > 10_000_000)
    #expect(text.peakKiB > 0)
    #expect(text.peakKiB < 30 * 1024, "peak \(text.peakKiB) KiB for \(text.bytes) bytes of text")
  }
}
