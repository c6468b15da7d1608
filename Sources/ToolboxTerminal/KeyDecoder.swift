/// Turns the bytes a terminal sends into ``Key``s, a read at a time: a sequence cut between two reads is
/// kept until the rest comes.
///
/// It reads UTF-8 (invalid bytes are dropped, never trapped on), the control keys (Enter as CR or LF, Tab,
/// Backspace as DEL or BS, Ctrl-letters), the CSI and SS3 sequences of the cursor and editing keys (xterm's,
/// the VT220's `ESC[1~`/`ESC[4~` and rxvt's `ESC[7~`/`ESC[8~`; a modifier, `ESC[1;5C`, gives the plain key),
/// bracketed paste (`ESC[200~`…`ESC[201~`, at most ``pasteLimit`` bytes kept) and SGR mouse reports
/// (`ESC[<b;x;yM`). A sequence it does not know is swallowed whole, and so is Alt with a key (`ESC x`),
/// which toolbox does not use.
///
/// An `ESC` alone is the Escape key only once nothing follows it for a moment: the caller waits about 30 ms
/// while ``isPending`` and then calls ``flush()``.
public struct KeyDecoder: Sendable {
  /// The most bytes of one paste that are kept; the rest of it is read and dropped.
  public static let pasteLimit = 65_536
  /// The longest control sequence read; a longer one is dropped (a terminal never sends one).
  static let sequenceLimit = 64

  /// Bytes read but not yet decoded: the start of a sequence or character.
  private var pending: [UInt8] = []
  /// Inside a bracketed paste: the text so far.
  private var paste: [UInt8]?
  /// How many bytes of the paste's end marker (`ESC[201~`) were just read.
  private var pasteEndMatched = 0

  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  public init() {}

  /// Whether bytes are waiting for the rest of a sequence (a lone `ESC` among them): the caller should
  /// wait a short while for more, then ``flush()``. A paste in progress does not count: its end comes.
  public var isPending: Bool { paste == nil && !pending.isEmpty }

  /// Decodes the keys in the bytes read, keeping an unfinished sequence for the next call.
  ///
  /// - Parameter bytes: What the terminal sent.
  /// - Returns: The keys, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes {
      if paste != nil {
        takePasteByte(byte, into: &keys)
      } else {
        pending.append(byte)
        decodePending(into: &keys, atEnd: false)
      }
    }
    return keys
  }

  /// Decodes what is pending as if nothing more will come: a lone `ESC` is the Escape key; the start of
  /// a sequence or of a character is dropped.
  ///
  /// - Returns: The keys.
  public mutating func flush() -> [Key] {
    var keys: [Key] = []
    guard paste == nil else { return keys }
    decodePending(into: &keys, atEnd: true)
    pending.removeAll()
    return keys
  }

  // MARK: - Decoding

  /// What the bytes at the start of `pending` are.
  private enum Match {
    /// A key (or nothing, for a swallowed sequence) taking `length` bytes.
    case complete(Key?, length: Int)
    /// The beginning of something longer.
    case incomplete
  }

  private mutating func decodePending(into keys: inout [Key], atEnd: Bool) {
    while !pending.isEmpty, paste == nil {
      switch match(atEnd: atEnd) {
      case .incomplete:
        if !atEnd { return }
        // Nothing more comes: what is left is the start of something that never finished.
        pending.removeAll()
      case .complete(let key, let length):
        pending.removeFirst(length)
        if let key { keys.append(key) }
        if paste != nil {
          // The paste began: the bytes after its marker are its text.
          let rest = pending
          pending.removeAll()
          for byte in rest { takePasteByte(byte, into: &keys) }
          return
        }
      }
    }
  }

  private mutating func match(atEnd: Bool) -> Match {
    let first = pending[0]
    switch first {
    case 0x1B:
      return matchEscape(atEnd: atEnd)
    case 0x0D, 0x0A:
      return .complete(.enter, length: 1)
    case 0x09:
      return .complete(.tab, length: 1)
    case 0x7F, 0x08:
      return .complete(.backspace, length: 1)
    case 0x01...0x1A:
      return .complete(.control(Character(UnicodeScalar(first + 0x60))), length: 1)
    case 0x00, 0x1C...0x1F:
      return .complete(nil, length: 1)
    case 0x20...0x7E:
      return .complete(.character(Character(UnicodeScalar(first))), length: 1)
    default:
      return matchUTF8()
    }
  }

  /// A character of two to four bytes, or a byte that cannot start or continue one (dropped).
  private func matchUTF8() -> Match {
    let first = pending[0]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch first {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F  // no surrogates
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F  // nothing above U+10FFFF
    default:
      return .complete(nil, length: 1)  // a continuation byte or one that UTF-8 never uses
    }
    var scalar = UInt32(first) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for index in 1..<length {
      guard index < pending.count else { return .incomplete }
      let byte = pending[index]
      let (lowest, highest) = index == 1 ? (low, high) : (0x80, 0xBF)
      // A byte that does not continue the character: the lead is dropped, the byte read on its own.
      guard byte >= lowest, byte <= highest else { return .complete(nil, length: index) }
      scalar = scalar << 6 | UInt32(byte & 0x3F)
    }
    guard let unicode = UnicodeScalar(scalar) else { return .complete(nil, length: length) }
    return .complete(.character(Character(unicode)), length: length)
  }

  private mutating func matchEscape(atEnd: Bool) -> Match {
    guard pending.count > 1 else { return atEnd ? .complete(.escape, length: 1) : .incomplete }
    let second = pending[1]
    switch second {
    case 0x5B:  // [
      return matchCSI(atEnd: atEnd)
    case 0x4F:  // O
      guard pending.count > 2 else { return atEnd ? .complete(nil, length: 2) : .incomplete }
      let key: Key? =
        switch pending[2] {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        case 0x48: .home
        case 0x46: .end
        case 0x4D: .enter  // the keypad's Enter in application mode
        default: nil
        }
      return .complete(key, length: 3)
    case 0x1B, 0x00...0x1A, 0x1C...0x1F:
      // Escape, then a key of its own (another Escape, Enter…).
      return .complete(.escape, length: 1)
    case 0x20...0x7F:
      return .complete(nil, length: 2)  // Alt with a key: not used
    default:
      // Alt with a character of more than one byte: the whole character goes.
      let rest = Array(pending.dropFirst())
      var inner = KeyDecoder()
      inner.pending = rest
      switch inner.matchUTF8() {
      case .incomplete: return atEnd ? .complete(nil, length: pending.count) : .incomplete
      case .complete(_, let length): return .complete(nil, length: 1 + length)
      }
    }
  }

  /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F) and a final byte (0x40–0x7E).
  private mutating func matchCSI(atEnd: Bool) -> Match {
    var index = 2
    while index < pending.count {
      let byte = pending[index]
      switch byte {
      case 0x20...0x3F:
        index += 1
        if index >= Self.sequenceLimit { return .complete(nil, length: index) }
      case 0x40...0x7E:
        return .complete(csiKey(parameters: pending[2..<index], final: byte), length: index + 1)
      default:
        // Not part of a sequence (a control, another ESC): what came before it is dropped and the byte is
        // read on its own.
        return .complete(nil, length: index)
      }
    }
    return atEnd ? .complete(nil, length: pending.count) : .incomplete
  }

  private mutating func csiKey(parameters: ArraySlice<UInt8>, final: UInt8) -> Key? {
    if parameters.first == 0x3C {  // <: an SGR mouse report
      return mouseKey(parameters: parameters.dropFirst(), final: final)
    }
    // Private parameters (`?`, `>`, `=`) are answers to queries toolbox does not make.
    guard parameters.allSatisfy({ $0 <= 0x3B }) else { return nil }
    let numbers = Self.numbers(parameters)
    switch final {
    case 0x41: return .up
    case 0x42: return .down
    case 0x43: return .right
    case 0x44: return .left
    case 0x48: return .home
    case 0x46: return .end
    case 0x5A: return .backTab
    case 0x7E:
      switch numbers.first ?? nil {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .delete
      case 5: return .pageUp
      case 6: return .pageDown
      case 200:
        paste = []
        pasteEndMatched = 0
        return nil
      default: return nil  // Insert, function keys, a stray paste end
      }
    default:
      return nil
    }
  }

  /// `ESC[<b;x;yM` (pressed, wheel) or `…m` (released): columns and rows count from 1.
  private func mouseKey(parameters: ArraySlice<UInt8>, final: UInt8) -> Key? {
    guard final == 0x4D || final == 0x6D else { return nil }
    let numbers = Self.numbers(parameters)
    guard numbers.count == 3, let button = numbers[0], let x = numbers[1], let y = numbers[2],
      x >= 1, y >= 1
    else { return nil }
    let plain = button & ~(4 | 8 | 16)  // Shift, Meta, Control
    let action: MouseEvent.Action
    if plain & 32 != 0 {
      return nil  // motion: not asked for
    } else if plain & 64 != 0 {
      guard final == 0x4D, plain & 0b11 < 2 else { return nil }
      action = plain & 1 == 0 ? .wheelUp : .wheelDown
    } else {
      action = final == 0x4D ? .press : .release
    }
    return .mouse(MouseEvent(action: action, row: y - 1, column: x - 1))
  }

  /// The numbers of a parameter string split at `;`: `nil` for an empty or too long one.
  private static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int?] {
    guard !parameters.isEmpty else { return [] }
    return parameters.split(separator: 0x3B, omittingEmptySubsequences: false).map { digits in
      guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
      else { return nil }
      return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
  }

  // MARK: - Paste

  private mutating func takePasteByte(_ byte: UInt8, into keys: inout [Key]) {
    let marker = Self.pasteEnd
    if byte == marker[pasteEndMatched] {
      pasteEndMatched += 1
      if pasteEndMatched == marker.count {
        keys.append(.paste(Self.pasteText(paste ?? [])))
        paste = nil
        pasteEndMatched = 0
      }
      return
    }
    // A partial marker was text after all.
    if pasteEndMatched > 0 {
      appendToPaste(marker[0..<pasteEndMatched])
      pasteEndMatched = 0
      if byte == marker[0] {
        pasteEndMatched = 1
        return
      }
    }
    appendToPaste(CollectionOfOne(byte))
  }

  private mutating func appendToPaste(_ bytes: some Collection<UInt8>) {
    guard var text = paste else { return }
    paste = nil  // no copy on write while it grows
    let room = Self.pasteLimit - text.count
    if room > 0 { text.append(contentsOf: bytes.prefix(room)) }
    paste = text
  }

  /// The pasted bytes as text: invalid UTF-8 as U+FFFD, a character cut at the limit dropped, line ends
  /// (CR LF, CR) as LF.
  static func pasteText(_ bytes: [UInt8]) -> String {
    var end = bytes.count
    if end == pasteLimit {
      // Back to the start of the last character, and drop it if the limit cut it.
      var start = end - 1
      while start > 0, start > end - 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
      let lead = bytes[start]
      let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
      if start + length > end { end = start }
    }
    let text = String(decoding: bytes[0..<end], as: UTF8.self)
    guard text.utf8.contains(0x0D) else { return text }
    return text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
  }
}
