import Testing
import ToolboxCore
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The dispatcher over a console that fails like a full disk (the binary's own streams have end-to-end
/// tests): one `write error` line and exit 74, and streams that stop at the first failed write.
@Suite struct WriteFailureTests {
  static func runner(capacity: Int) -> ToolboxRunner {
    var runner = ToolboxRunner(tools: [EchoTool.self])
    runner.outputCapacity = capacity
    return runner
  }

  @Test func `a document that does not fit is a write error, exit 74`() {
    let result = Self.runner(capacity: 3).run("echo", "say", "hello")
    #expect(
      result
        == RunResult(
          output: "", error: "toolbox: write error: No space left on device\n", status: 74))
  }

  @Test func `in JSON mode the write error is the JSON error object`() {
    let result = Self.runner(capacity: 3).run("--json", "echo", "say", "hello")
    #expect(result.status == 74)
    #expect(
      result.error
        == #"{"error":{"code":"write_error","message":"write error: No space left on device"}}"#
        + "\n")
  }

  @Test func `a stream stops at the first failed write instead of reading all its input`() {
    let console = TestConsole(outputCapacity: 10)
    let input = (1...100_000).map(String.init).joined(separator: "\n")
    let system = System(
      environment: Environment(["HOME": "/nonexistent"]), clock: FixedClock(.test("2026-12-02")),
      fileSystem: MemoryFileSystem(), console: console, input: StringInput(input),
      http: UnavailableHTTPClient(), processes: RefusingProcessRunner())
    let application = Application(abstract: "Tests.", tools: [EchoTool.self], examples: [])
    let status = Dispatcher(application: application, system: system).run(["echo", "lines"])
    #expect(status == .ioError)
    #expect(console.output == "1\n2\n3\n4\n5\n")
    #expect(console.outputWrites == 6)
    #expect(console.error == "toolbox: write error: No space left on device\n")
  }

  @Test func `a stream of failing records stops too, because its input stops`() {
    let console = TestConsole(outputCapacity: 4)
    let input = Array(repeating: "bad", count: 100_000).joined(separator: "\n")
    let system = System(
      environment: Environment(["HOME": "/nonexistent"]), clock: FixedClock(.test("2026-12-02")),
      fileSystem: MemoryFileSystem(), console: console, input: StringInput(input),
      http: UnavailableHTTPClient(), processes: RefusingProcessRunner())
    let application = Application(abstract: "Tests.", tools: [EchoTool.self], examples: [])
    let status = Dispatcher(application: application, system: system).run(["echo", "lines"])
    #expect(status == .ioError)
    #expect(console.outputWrites == 5)
    #expect(console.error.hasSuffix("toolbox: write error: No space left on device\n"))
  }

  @Test func `the error text is the C library's text for errno`() {
    #expect(
      WriteError(stream: .output, number: ENOSPC).description
        == "write error: No space left on device")
    #expect(WriteError(stream: .output, number: EPIPE).description == "write error: Broken pipe")
    #expect(WriteError(stream: .error, number: EBADF).exitCode == .ioError)
  }
}
