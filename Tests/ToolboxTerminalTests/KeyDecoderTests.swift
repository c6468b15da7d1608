import Testing
import ToolboxTestSupport

@testable import ToolboxTerminal

@Suite struct KeyDecoderTests {
  /// The keys of some bytes read at once, then flushed (as after the escape delay).
  func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

  func keys(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes) + decoder.flush()
  }

  @Test func `printable characters, UTF-8 included`() {
    #expect(keys("a Z~") == [.character("a"), .character(" "), .character("Z"), .character("~")])
    #expect(keys("한글") == [.character("한"), .character("글")])
    #expect(keys("€🙂") == [.character("€"), .character("🙂")])
  }

  @Test func `invalid UTF-8 is dropped, never trapped on`() {
    // A lone continuation, a lead without its continuation, an overlong form, a surrogate, beyond
    // U+10FFFF, bytes UTF-8 never uses.
    #expect(keys([0x80, 0x61]) == [.character("a")])
    #expect(keys([0xE2, 0x82, 0x61]) == [.character("a")])
    #expect(keys([0xC0, 0xAF, 0x62]) == [.character("b")])
    #expect(keys([0xED, 0xA0, 0x80, 0x63]) == [.character("c")])
    #expect(keys([0xF4, 0x90, 0x80, 0x80, 0x64]) == [.character("d")])
    #expect(keys([0xF8, 0xFF, 0xFE, 0x65]) == [.character("e")])
    #expect(keys([0xE2, 0x82]) == [])
  }

  @Test func `control keys`() {
    #expect(keys("\r\n\t") == [.enter, .enter, .tab])
    #expect(keys([0x7F, 0x08]) == [.backspace, .backspace])
    #expect(
      keys([0x01, 0x03, 0x1A, 0x0C]) == [
        .control("a"), .control("c"), .control("z"), .control("l"),
      ])
    #expect(keys([0x00, 0x1C, 0x1F]) == [])
  }

  @Test func `cursor and editing keys in their CSI and SS3 forms`() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
    #expect(
      keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}OH\u{1B}OF\u{1B}[7~\u{1B}[8~") == [
        .home, .end, .home, .end, .home, .end, .home, .end,
      ])
    #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z") == [.pageUp, .pageDown, .delete, .backTab])
  }

  @Test func `a modifier gives the plain key`() {
    #expect(keys("\u{1B}[1;5C\u{1B}[1;2D\u{1B}[3;5~\u{1B}[1;3A") == [.right, .left, .delete, .up])
  }

  @Test func `unknown sequences are swallowed whole`() {
    // F5, Insert, F1 (SS3), a focus report, a device attributes answer, Alt-x, a CSI cut by a control.
    #expect(keys("\u{1B}[15~x") == [.character("x")])
    #expect(keys("\u{1B}[2~\u{1B}OPy") == [.character("y")])
    #expect(keys("\u{1B}[I\u{1B}[?64;1c") == [])
    #expect(keys("\u{1B}xz") == [.character("z")])
    #expect(keys("\u{1B}[1;\ra") == [.enter, .character("a")])
    // A sequence longer than any terminal sends.
    #expect(keys("\u{1B}[" + String(repeating: "1", count: 100) + "Aq").last == .character("q"))
  }

  @Test func `a lone escape is Escape only once nothing follows`() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.isPending)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.isPending)
    // Escape then another key read at once: Escape, then the key.
    #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
    #expect(keys("\u{1B}\r") == [.escape, .enter])
  }

  @Test func `a sequence split between reads is kept until the rest comes`() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x5B]) == [])
    #expect(decoder.isPending)
    #expect(decoder.feed([0x31, 0x3B, 0x35]) == [])
    #expect(decoder.feed([0x43, 0x61]) == [.right, .character("a")])
    #expect(decoder.feed([0xED, 0x95]) == [])
    #expect(decoder.feed([0x9C]) == [.character("한")])
    // Cut for good: dropped.
    #expect(decoder.feed([0x1B, 0x5B, 0x31]) == [])
    #expect(decoder.flush() == [])
  }

  @Test func `bracketed paste is one key, never read as keys`() {
    #expect(
      keys("\u{1B}[200~q\u{1B}[A1\r\n2\r3\u{1B}[201~x") == [
        .paste("q\u{1B}[A1\n2\n3"), .character("x"),
      ])
    // Split anywhere, the end marker included.
    var decoder = KeyDecoder()
    let bytes = Array("\u{1B}[200~한글 \u{1B}[20 text\u{1B}[201~".utf8)
    var result: [Key] = []
    for byte in bytes { result += decoder.feed([byte]) }
    #expect(result == [.paste("한글 \u{1B}[20 text")])
    #expect(!decoder.isPending)
  }

  @Test func `a paste keeps at most 64 KiB and drops the rest`() {
    let long = String(repeating: "가", count: 30_000)  // 90,000 bytes
    let pasted = keys("\u{1B}[200~" + long + "\u{1B}[201~")
    guard case .paste(let text)? = pasted.first else {
      Issue.record("no paste: \(pasted.count) keys")
      return
    }
    #expect(pasted.count == 1)
    #expect(text.utf8.count <= KeyDecoder.pasteLimit)
    #expect(text.utf8.count > KeyDecoder.pasteLimit - 3)
    #expect(text.allSatisfy { $0 == "가" })
  }

  @Test func `SGR mouse reports`() {
    #expect(
      keys("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<64;1;1M\u{1B}[<65;3;4M") == [
        .mouse(MouseEvent(action: .press, row: 4, column: 9)),
        .mouse(MouseEvent(action: .release, row: 4, column: 9)),
        .mouse(MouseEvent(action: .wheelUp, row: 0, column: 0)),
        .mouse(MouseEvent(action: .wheelDown, row: 3, column: 2)),
      ])
    // With Control held, a motion report, a wheel release, coordinates of 0 or too long: swallowed.
    #expect(keys("\u{1B}[<16;2;2M") == [.mouse(MouseEvent(action: .press, row: 1, column: 1))])
    #expect(keys("\u{1B}[<32;2;2M\u{1B}[<64;1;1m\u{1B}[<0;0;1M\u{1B}[<0;9999999;1M") == [])
  }

  @Test(arguments: [11, 12, 13, 14] as [UInt64])
  func `random bytes never trap, and keys read alone or split decode the same`(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let pieces: [[UInt8]] = [
      [0x1B], [0x5B], [0x4F], [0x3C], [0x3B], [0x7E], [0x4D], Array("200~".utf8),
      Array("201~".utf8), [0x31], [0x61], [0xED, 0x95, 0x9C], [0xFF], [0x80], [0x0D], [0x7F],
    ]
    var bytes: [UInt8] = []
    for _ in 0..<2_000 { bytes += pieces.randomElement(using: &random) ?? [] }
    let whole = keys(bytes)
    var split = KeyDecoder()
    var splitKeys: [Key] = []
    var index = 0
    while index < bytes.count {
      let length = Int.random(in: 1...7, using: &random)
      splitKeys += split.feed(bytes[index..<min(index + length, bytes.count)])
      index += length
    }
    splitKeys += split.flush()
    #expect(whole == splitKeys)
  }
}
