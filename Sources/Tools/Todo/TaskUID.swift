/// The iCalendar `UID` of a task toolbox makes: a random UUID (RFC 9562 version 4), lower case, so that
/// two stores syncing to one collection never give two tasks the same UID (ids are per store).
enum TaskUID {
  /// A new random UID (`3f1c…-…`): 122 random bits from the system's generator.
  static func random() -> String {
    var generator = SystemRandomNumberGenerator()
    var bytes = [UInt8](repeating: 0, count: 16)
    for half in 0..<2 {
      let value: UInt64 = generator.next()
      for index in 0..<8 {
        bytes[half * 8 + index] = UInt8(truncatingIfNeeded: value >> (index * 8))
      }
    }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for (index, byte) in bytes.enumerated() {
      if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
