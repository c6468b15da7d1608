import Testing

@testable import ToolboxICalendar

@Suite struct ICalendarUIDTests {
  @Test func `SHA-1 gives FIPS 180's test vectors`() {
    func hex(_ text: String) -> String {
      SHA1.digest(Array(text.utf8)).map { String(Int($0) + 0x100, radix: 16).dropFirst() }.joined()
    }
    #expect(hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    #expect(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
    #expect(hex(String(repeating: "a", count: 1000)) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
  }

  /// The values of Python's `uuid.uuid5` (an independent implementation of RFC 9562).
  @Test func `UIDs are the UUIDv5 that Python computes`() {
    #expect(
      ICalendarUID.uuid5(
        namespace: [
          0x6B, 0xA7, 0xB8, 0x11, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30,
          0xC8,
        ], name: "urn:toolbox:icalendar") == "1af4f1d8-3273-5122-9544-17601b8c612a")
    #expect(ICalendarUID.stable(["a", "b"]) == "791bc012-caf8-5fce-b0b9-414c0e7190e0")
    #expect(ICalendarUID.stable([]) == "c01b7809-512c-5f9b-8140-ebcb51b63afa")
    #expect(ICalendarUID.stable(["신정"]) == "12a314b3-95a2-5560-830b-79458652b979")
    #expect(ICalendarUID.stable(["a", "bc"]) != ICalendarUID.stable(["ab", "c"]))
  }

  @Test func `random UIDs are version 4 UUIDs, and a generator's count up in the last 48 bits`() {
    let uid = ICalendarUID.random()
    let characters = Array(uid)
    #expect(uid.count == 36 && characters[14] == "4" && "89ab".contains(characters[19]))
    #expect([8, 13, 18, 23].allSatisfy { characters[$0] == "-" })
    #expect(uid != ICalendarUID.random())

    var generator = ICalendarUID.Generator()
    var made: [String] = []
    for _ in 0..<70_000 { made.append(generator.next()) }
    #expect(Set(made).count == made.count)
    #expect(made.allSatisfy { Array($0)[14] == "4" && $0.prefix(23) == made[0].prefix(23) })

    var carrying = ICalendarUID.Generator(startingAt: [
      0x3F, 0x1C, 0x00, 0x00, 0x00, 0x00, 0x40, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF,
      0xFE,
    ])
    #expect(carrying.next() == "3f1c0000-0000-4000-8000-00000000fffe")
    #expect(carrying.next() == "3f1c0000-0000-4000-8000-00000000ffff")
    #expect(carrying.next() == "3f1c0000-0000-4000-8000-000000010000")
  }
}
