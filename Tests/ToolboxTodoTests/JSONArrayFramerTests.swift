import Testing
import ToolboxCore

@testable import ToolboxTodo

/// The streaming JSON check of `todo import` against Core's parser (issue 26): for thousands of damaged
/// documents, fed in chunks of every size, the import reports exactly the syntax error `JSONValue.parse`
/// reports for the whole file (reason, line and column), and never one for a document Core reads.
@Suite struct JSONArrayFramerTests {
  static let valid = """
    {"tasks": [
      {"id": 1, "text": "Buy milk \\u00e9 \\"q\\" 한 \\ud83d\\ude00", "done": false, "tags": ["shop"]},\r
      {"id": 2, "text": "Pay rent", "done": true, "completed": "2026-12-02", "priority": "A",
       "due": null, "hidden": false, "contexts": [], "recurrence": "+1m", "n": [-0.5e+3, 10, 0]}
    ]}

    """

  /// The import's error for `bytes`, fed `chunk` bytes at a time.
  static func importError(_ bytes: [UInt8], chunk: Int) -> String? {
    var offset = 0
    let source = ImportSource(name: "in") {
      guard offset < bytes.count else { return nil }
      defer { offset += chunk }
      return Array(bytes[offset..<min(offset + chunk, bytes.count)])
    }
    do {
      try TaskImporter.read(
        source, format: .json, today: .test("2026-12-02"), localOffset: { _ in 0 }
      ) { record in
        if case .invalid(let problem, let location) = record {
          throw TodoError.invalidImport(source: "in", location: location, detail: problem.message)
        }
      }
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func `every damaged document gets Core's syntax error, whatever the chunks`() {
    var generator = SplitMix(seed: 26)
    let base = Array(Self.valid.utf8)
    let alphabet =
      Array(#"{}[]:,"\ eE+-.0123456789tfnulrsax/"#.utf8) + [0x0A, 0x0D, 0x09, 0xC3, 0xA9, 0x80]
    var compared = 0
    for _ in 0..<3000 {
      var bytes = base
      for _ in 0..<Int(generator.next() % 3 + 1) {
        let at = Int(generator.next() % UInt64(bytes.count))
        let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
        switch generator.next() % 3 {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(byte, at: at)
        default: bytes[at] = byte
        }
        if bytes.isEmpty { bytes = [0x20] }
      }
      let core: String?
      do {
        _ = try JSONValue.parse(bytes)
        core = nil
      } catch {
        // Duplicate keys are JSON to RFC 8259 (Core stops there; the import reports them inside their
        // task, or as a second outer key, and goes on checking): not compared.
        if error.reason.hasPrefix("duplicate key") { continue }
        core = "invalid JSON: \(error)"
      }
      for chunk in [1, 7, 64, bytes.count] {
        let mine = Self.importError(bytes, chunk: chunk)
        if let core {
          #expect(
            mine == "cannot import 'in': \(core); nothing was imported",
            "\(String(decoding: bytes, as: UTF8.self)) in chunks of \(chunk)")
        } else {
          #expect(
            !(mine?.contains("cannot import 'in': invalid JSON") ?? false),
            "\(String(decoding: bytes, as: UTF8.self)) in chunks of \(chunk): \(mine ?? "")")
        }
      }
      if core != nil { compared += 1 }
    }
    #expect(compared > 1000)
  }

  @Test func `a valid document's tasks are the same in any chunks`() throws {
    for chunk in [1, 2, 5, 100] {
      #expect(
        Self.importError(Array(Self.valid.utf8), chunk: chunk)?.contains("unknown key 'n'") == true)
    }
    let tasks = try TaskImporter.tasks(
      from: Self.valid.replacingOccurrences(of: #", "n": [-0.5e+3, 10, 0]"#, with: ""),
      format: .json,
      source: "in", today: .test("2026-12-02"))
    #expect(tasks.map(\.text) == ["Buy milk é \"q\" 한 😀", "Pay rent"])
  }

  /// A small deterministic generator (SplitMix64).
  struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }
}
