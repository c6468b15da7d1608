import Foundation
import Testing

@testable import ToolboxSearch

@Suite struct QueryEncodingTests {
  @Test(arguments: [
    ("jack johnson", "jack+johnson"),
    ("한", "%ED%95%9C"),
    ("아이유", "%EC%95%84%EC%9D%B4%EC%9C%A0"),
    ("&", "%26"),
    ("+", "%2B"),
    ("c++", "c%2B%2B"),
    ("*", "*"),
    ("A-Z_a.z-0*9", "A-Z_a.z-0*9"),
    ("AC/DC", "AC%2FDC"),
    ("~", "%7E"),
    ("100%", "100%25"),
    ("é", "%C3%A9"),
    ("😀", "%F0%9F%98%80"),
    ("a=b?c#d", "a%3Db%3Fc%23d"),
    ("  two  ", "++two++"),
    ("tab\there\n", "tab%09here%0A"),
    ("", ""),
  ])
  func `encodes exactly as the API documents`(input: String, expected: String) {
    #expect(QueryEncoding.encode(input) == expected)
  }

  @Test func `every ASCII byte follows the rule`() {
    for byte in UInt8(0)..<128 {
      let character = String(UnicodeScalar(byte))
      let encoded = QueryEncoding.encode(character)
      let isKept =
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || (byte >= 0x30 && byte <= 0x39)
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "*")
      if isKept {
        #expect(encoded == character)
      } else if byte == UInt8(ascii: " ") {
        #expect(encoded == "+")
      } else {
        #expect(encoded == "%" + String(format: "%02X", byte), "byte \(byte)")
      }
    }
  }

  @Test func `commas stay only in lookup id lists`() {
    #expect(QueryEncoding.encode("468749,5723") == "468749%2C5723")
    #expect(QueryEncoding.encode("468749,5723", keepingCommas: true) == "468749,5723")
    #expect(
      QueryEncoding.query(
        [("amgArtistId", "468749,5723"), ("term", "a,b")], lists: ["amgArtistId"])
        == "amgArtistId=468749,5723&term=a%2Cb")
  }

  @Test func `query keeps the order of its items`() {
    #expect(
      QueryEncoding.query([("term", "jack johnson"), ("country", "US"), ("limit", "25")])
        == "term=jack+johnson&country=US&limit=25")
  }

  @Test func `URLQueryItem encodes differently, which is why toolbox does not use it`() {
    var components = URLComponents()
    components.queryItems = [URLQueryItem(name: "term", value: "a b+c")]
    #expect(components.percentEncodedQuery == "term=a%20b+c")
    #expect(QueryEncoding.query([("term", "a b+c")]) == "term=a+b%2Bc")
  }
}
