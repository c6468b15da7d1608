/// An element of a WebDAV XML document: its namespace and local name, attributes, the character data
/// directly inside it, and its child elements.
public struct DAVXMLElement: Sendable, Equatable {
  /// The namespace name (`DAV:`, `urn:ietf:params:xml:ns:caldav`); empty for none.
  public var namespace: String
  /// The local name (`multistatus`), without a prefix.
  public var name: String
  /// The attributes, in document order.
  public var attributes: [DAVXMLAttribute]
  /// The character data directly inside the element (text, references and CDATA sections, in order),
  /// lines ended by LF as XML normalizes them.
  public var text: String
  /// The child elements, in document order.
  public var children: [DAVXMLElement]

  /// Creates an element.
  public init(
    namespace: String, name: String, attributes: [DAVXMLAttribute] = [], text: String = "",
    children: [DAVXMLElement] = []
  ) {
    self.namespace = namespace
    self.name = name
    self.attributes = attributes
    self.text = text
    self.children = children
  }

  /// Whether the element has this namespace and local name.
  public func `is`(_ namespace: String, _ name: String) -> Bool {
    self.name == name && self.namespace == namespace
  }

  /// The children with this namespace and local name.
  public func children(_ namespace: String, _ name: String) -> [DAVXMLElement] {
    children.filter { $0.is(namespace, name) }
  }

  /// The first child with this namespace and local name.
  public func child(_ namespace: String, _ name: String) -> DAVXMLElement? {
    children.first { $0.is(namespace, name) }
  }

  /// The value of the attribute without a namespace of this name.
  public func attribute(_ name: String) -> String? {
    attributes.first { $0.namespace.isEmpty && $0.name == name }?.value
  }

  /// The text without leading and trailing XML white space.
  public var trimmedText: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
    guard let first = text.firstIndex(where: { !isSpace($0) }),
      let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
  }
}

/// An attribute of a ``DAVXMLElement``.
public struct DAVXMLAttribute: Sendable, Equatable {
  /// The namespace name; empty for an attribute without a prefix.
  public var namespace: String
  /// The local name.
  public var name: String
  /// The value, references replaced and white space normalized as XML says.
  public var value: String

  /// Creates an attribute.
  public init(namespace: String = "", name: String, value: String) {
    self.namespace = namespace
    self.name = name
    self.value = value
  }
}

/// A document the reader refuses: one line naming the problem and where it is.
public struct DAVXMLError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, one lowercase phrase.
  public var reason: String
  /// The line (from 1), or 0 when the problem is not at one place (the size of the input).
  public var line: Int
  /// The column in bytes (from 1).
  public var column: Int

  /// Creates an error.
  public init(_ reason: String, line: Int = 0, column: Int = 0) {
    self.reason = reason
    self.line = line
    self.column = column
  }

  public var description: String {
    line == 0
      ? "malformed XML: \(reason)" : "malformed XML at line \(line), column \(column): \(reason)"
  }
}

/// A small, strict reader of the XML that WebDAV and CalDAV servers send (RFC 4918 multistatus and error
/// bodies): elements with namespaces, attributes, text with the five predefined entities and numeric
/// character references, CDATA sections; comments and processing instructions are skipped.
///
/// It refuses what such a document never needs and what makes XML dangerous: a document type declaration
/// (so no entity can be declared, and no "billion laughs" expansion or external entity exists), an
/// encoding other than UTF-8, invalid UTF-8, characters XML does not allow, and anything over its
/// ``Limits``. It reads bytes, without Foundation, and builds the whole tree at once: responses are
/// bounded in size before they reach it.
public enum DAVXML {
  /// The XML namespace of WebDAV.
  public static let davNamespace = "DAV:"
  /// The XML namespace of CalDAV.
  public static let calDAVNamespace = "urn:ietf:params:xml:ns:caldav"

  /// Bounds on a document.
  public struct Limits: Sendable, Equatable {
    /// The largest document in bytes.
    public var maximumSize: Int
    /// The deepest nesting of elements (the root is depth 1).
    public var maximumDepth: Int
    /// The most elements in one document.
    public var maximumElements: Int
    /// The most attributes on one element.
    public var maximumAttributes: Int

    /// Creates limits.
    public init(
      maximumSize: Int = 32 << 20, maximumDepth: Int = 64, maximumElements: Int = 1_000_000,
      maximumAttributes: Int = 64
    ) {
      self.maximumSize = maximumSize
      self.maximumDepth = maximumDepth
      self.maximumElements = maximumElements
      self.maximumAttributes = maximumAttributes
    }

    /// 32 MiB (as the HTTP helper bounds a response), 64 levels, a million elements, 64 attributes.
    public static let `default` = Limits()
  }

  /// Reads a document.
  ///
  /// - Parameters:
  ///   - bytes: The document, UTF-8.
  ///   - limits: Bounds on it.
  /// - Returns: The root element.
  /// - Throws: ``DAVXMLError`` naming the first problem and its line and column.
  public static func parse(_ bytes: [UInt8], limits: Limits = .default) throws(DAVXMLError)
    -> DAVXMLElement
  {
    try parse(bytes, limits: limits, rootChild: nil)
  }

  /// Reads a document, handing each child of the root element to `rootChild` as soon as it is read: a
  /// child it takes (returns `true` for) is not kept in the root's children, so a large document's
  /// elements need not all be in memory at once (a multistatus of 10,000 responses).
  ///
  /// - Parameters:
  ///   - bytes: The document, UTF-8.
  ///   - limits: Bounds on it.
  ///   - rootChild: Called with each child element of the root, in order; `true` when it took it.
  /// - Returns: The root element, without the children `rootChild` took.
  /// - Throws: ``DAVXMLError`` naming the first problem and its line and column, or what `rootChild`
  ///   throws.
  static func parse(
    _ bytes: [UInt8], limits: Limits,
    rootChild: ((DAVXMLElement) throws(DAVXMLError) -> Bool)?
  ) throws(DAVXMLError) -> DAVXMLElement {
    guard bytes.count <= limits.maximumSize else {
      throw DAVXMLError(
        "the document is \(bytes.count) bytes, more than the \(limits.maximumSize) allowed")
    }
    let result: Result<DAVXMLElement, DAVXMLError> = bytes.withUnsafeBufferPointer { buffer in
      var reader = DAVXMLReader(buffer, limits: limits)
      reader.rootChild = rootChild
      do throws(DAVXMLError) {
        return .success(try reader.document())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Reads a document from text.
  public static func parse(_ text: String, limits: Limits = .default) throws(DAVXMLError)
    -> DAVXMLElement
  {
    try parse(Array(text.utf8), limits: limits)
  }

  /// Text escaped for element content or a double-quoted attribute value.
  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    // By scalar: "\r\n" is one Character.
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\r": result += "&#13;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// The reader's state: a position in the bytes and the namespaces in scope.
private struct DAVXMLReader {
  let bytes: UnsafeBufferPointer<UInt8>
  let limits: DAVXML.Limits
  var index = 0
  var elementCount = 0
  /// Prefix declarations in scope, innermost last; the empty prefix is the default namespace.
  var scopes: [[(prefix: String, namespace: String)]] = []
  /// Takes the root's children as they are read (see `DAVXML.parse(_:limits:rootChild:)`).
  var rootChild: ((DAVXMLElement) throws(DAVXMLError) -> Bool)?

  init(_ bytes: UnsafeBufferPointer<UInt8>, limits: DAVXML.Limits) {
    self.bytes = bytes
    self.limits = limits
  }

  // MARK: Errors and positions

  func error(_ reason: String, at offset: Int? = nil) -> DAVXMLError {
    let offset = min(offset ?? index, bytes.count)
    var line = 1
    var lineStart = 0
    for position in 0..<offset where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    return DAVXMLError(reason, line: line, column: offset - lineStart + 1)
  }

  var atEnd: Bool { index >= bytes.count }

  func peek(_ offset: Int = 0) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  func starts(with text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let pointer = text.utf8Start
    for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
    return true
  }

  mutating func expect(_ text: StaticString, _ what: String) throws(DAVXMLError) {
    guard starts(with: text) else { throw error("expected \(what)") }
    index += text.utf8CodeUnitCount
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  mutating func skipSpace() {
    while let byte = peek(), Self.isSpace(byte) { index += 1 }
  }

  // MARK: Document

  mutating func document() throws(DAVXMLError) -> DAVXMLElement {
    try validateUTF8()
    if starts(with: "\u{FEFF}") { index += 3 }
    if starts(with: "<?xml"), let after = peek(5), Self.isSpace(after) || after == UInt8(ascii: "?")
    {
      try declaration()
    }
    var root: DAVXMLElement?
    while true {
      skipSpace()
      if atEnd { break }
      if starts(with: "<!--") {
        try comment()
      } else if starts(with: "<?") {
        try processingInstruction()
      } else if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
        throw error("a document type declaration is not allowed")
      } else if starts(with: "<!") {
        throw error("unexpected markup declaration")
      } else if peek() == UInt8(ascii: "<") {
        guard root == nil else { throw error("more than one root element") }
        root = try element(depth: 1)
      } else {
        throw error(root == nil ? "expected an element" : "text after the root element")
      }
    }
    guard let root else { throw error("the document has no element") }
    return root
  }

  /// Refuses bytes that are not UTF-8, with the position of the first.
  func validateUTF8() throws(DAVXMLError) {
    var position = 0
    let count = bytes.count
    while position < count {
      let byte = bytes[position]
      if byte < 0x80 {
        position += 1
        continue
      }
      let length: Int
      let minimum: UInt32
      var scalar: UInt32
      switch byte {
      case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(byte & 0x1F))
      case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(byte & 0x0F))
      case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(byte & 0x07))
      default: throw error("invalid UTF-8", at: position)
      }
      guard position + length <= count else { throw error("invalid UTF-8", at: position) }
      for offset in 1..<length {
        let next = bytes[position + offset]
        guard next & 0xC0 == 0x80 else { throw error("invalid UTF-8", at: position) }
        scalar = scalar << 6 | UInt32(next & 0x3F)
      }
      guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar),
        scalar != 0xFFFE, scalar != 0xFFFF
      else { throw error("invalid UTF-8 or a character XML does not allow", at: position) }
      position += length
    }
  }

  /// `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`: only UTF-8 is read.
  mutating func declaration() throws(DAVXMLError) {
    let start = index
    index += 5
    guard let end = find("?>") else { throw error("unterminated XML declaration", at: start) }
    let content = String(decoding: bytes[index..<end], as: UTF8.self)
    index = end + 2
    guard content.contains("version") else {
      throw error("the XML declaration has no version", at: start)
    }
    if let range = content.firstRange(of: "encoding") {
      let rest = content[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
      guard let quote = rest.first, quote == "\"" || quote == "'" else {
        throw error("malformed encoding in the XML declaration", at: start)
      }
      let name = rest.dropFirst().prefix { $0 != quote }.lowercased()
      guard name == "utf-8" || name == "utf8" || name == "us-ascii" else {
        throw error("the encoding '\(name)' is not supported (only UTF-8 is)", at: start)
      }
    }
  }

  /// The offset where `text` next occurs from the current position.
  func find(_ text: StaticString) -> Int? {
    let count = text.utf8CodeUnitCount
    let pointer = text.utf8Start
    var position = index
    while position + count <= bytes.count {
      if bytes[position] == pointer[0] {
        var matches = true
        for offset in 1..<count where bytes[position + offset] != pointer[offset] {
          matches = false
          break
        }
        if matches { return position }
      }
      position += 1
    }
    return nil
  }

  mutating func comment() throws(DAVXMLError) {
    let start = index
    index += 4
    guard let end = find("--") else { throw error("unterminated comment", at: start) }
    guard end + 2 < bytes.count, bytes[end + 2] == UInt8(ascii: ">") else {
      throw error("'--' inside a comment", at: end)
    }
    try checkCharacters(index..<end)
    index = end + 3
  }

  mutating func processingInstruction() throws(DAVXMLError) {
    let start = index
    index += 2
    let target = try name()
    if target.lowercased() == "xml" {
      throw error("an XML declaration is allowed only at the start", at: start)
    }
    guard let end = find("?>") else {
      throw error("unterminated processing instruction", at: start)
    }
    try checkCharacters(index..<end)
    index = end + 2
  }

  /// Refuses characters XML does not allow (C0 controls other than tab, LF and CR).
  func checkCharacters(_ range: Range<Int>) throws(DAVXMLError) {
    for position in range {
      let byte = bytes[position]
      if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
        throw error("control character \(byte) is not allowed in XML", at: position)
      }
    }
  }

  // MARK: Names

  static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...0xFF:
      return true
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
      return !first
    default:
      return false
    }
  }

  mutating func name() throws(DAVXMLError) -> String {
    let start = index
    guard let first = peek(), Self.isNameByte(first, first: true) else {
      throw error("expected a name")
    }
    index += 1
    while let byte = peek(), Self.isNameByte(byte, first: false) { index += 1 }
    guard index - start <= 1024 else { throw error("a name longer than 1024 bytes", at: start) }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Splits `prefix:local`; refuses more than one colon or an empty part.
  func split(_ qualified: String, at offset: Int) throws(DAVXMLError) -> (
    prefix: String, local: String
  ) {
    let parts = qualified.split(separator: ":", omittingEmptySubsequences: false)
    switch parts.count {
    case 1: return ("", qualified)
    case 2 where !parts[0].isEmpty && !parts[1].isEmpty: return (String(parts[0]), String(parts[1]))
    default: throw error("malformed qualified name '\(qualified)'", at: offset)
    }
  }

  func namespace(of prefix: String, at offset: Int) throws(DAVXMLError) -> String {
    if prefix == "xml" { return "http://www.w3.org/XML/1998/namespace" }
    for scope in scopes.reversed() {
      if let declaration = scope.last(where: { $0.prefix == prefix }) {
        return declaration.namespace
      }
    }
    if prefix.isEmpty { return "" }
    throw error("undeclared namespace prefix '\(prefix)'", at: offset)
  }

  // MARK: Elements

  mutating func element(depth: Int) throws(DAVXMLError) -> DAVXMLElement {
    let start = index
    guard depth <= limits.maximumDepth else {
      throw error("elements nested more than \(limits.maximumDepth) deep", at: start)
    }
    elementCount += 1
    guard elementCount <= limits.maximumElements else {
      throw error("more than \(limits.maximumElements) elements", at: start)
    }
    index += 1
    let qualified = try name()
    var rawAttributes: [(name: String, value: String, offset: Int)] = []
    var declarations: [(prefix: String, namespace: String)] = []
    var selfClosing = false
    while true {
      let hadSpace = peek().map(Self.isSpace) ?? false
      skipSpace()
      guard let byte = peek() else { throw error("unterminated start tag", at: start) }
      if byte == UInt8(ascii: ">") {
        index += 1
        break
      }
      if byte == UInt8(ascii: "/") {
        index += 1
        guard peek() == UInt8(ascii: ">") else { throw error("expected '>' after '/'") }
        index += 1
        selfClosing = true
        break
      }
      guard hadSpace else { throw error("expected white space between attributes") }
      let offset = index
      let attributeName = try name()
      skipSpace()
      try expect("=", "'=' after the attribute name")
      skipSpace()
      let value = try attributeValue()
      if rawAttributes.contains(where: { $0.name == attributeName }) {
        throw error("duplicate attribute '\(attributeName)'", at: offset)
      }
      guard rawAttributes.count < limits.maximumAttributes else {
        throw error("more than \(limits.maximumAttributes) attributes", at: offset)
      }
      if attributeName == "xmlns" {
        declarations.append(("", value))
      } else if attributeName.hasPrefix("xmlns:") {
        let prefix = String(attributeName.dropFirst(6))
        guard !prefix.isEmpty, !prefix.contains(":"), !value.isEmpty else {
          throw error("malformed namespace declaration '\(attributeName)'", at: offset)
        }
        declarations.append((prefix, value))
      }
      rawAttributes.append((attributeName, value, offset))
    }
    scopes.append(declarations)
    defer { scopes.removeLast() }
    let (prefix, local) = try split(qualified, at: start + 1)
    var element = DAVXMLElement(
      namespace: try namespace(of: prefix, at: start + 1), name: local)
    for attribute in rawAttributes
    where attribute.name != "xmlns" && !attribute.name.hasPrefix("xmlns:") {
      let (attributePrefix, attributeLocal) = try split(attribute.name, at: attribute.offset)
      let attributeNamespace =
        attributePrefix.isEmpty ? "" : try namespace(of: attributePrefix, at: attribute.offset)
      if element.attributes.contains(where: {
        $0.name == attributeLocal && $0.namespace == attributeNamespace
      }) {
        throw error("duplicate attribute '\(attribute.name)'", at: attribute.offset)
      }
      element.attributes.append(
        DAVXMLAttribute(namespace: attributeNamespace, name: attributeLocal, value: attribute.value)
      )
    }
    if selfClosing { return element }
    try content(of: &element, qualified: qualified, depth: depth, start: start)
    return element
  }

  mutating func content(
    of element: inout DAVXMLElement, qualified: String, depth: Int, start: Int
  ) throws(DAVXMLError) {
    var text: [UInt8] = []
    while true {
      guard let byte = peek() else {
        throw error("the element '\(qualified)' is not closed", at: start)
      }
      if byte == UInt8(ascii: "<") {
        if starts(with: "</") {
          let offset = index
          index += 2
          let closing = try name()
          skipSpace()
          try expect(">", "'>' to end the end tag")
          guard closing == qualified else {
            throw error("'</\(closing)>' does not close '<\(qualified)>'", at: offset)
          }
          element.text = String(decoding: text, as: UTF8.self)
          return
        } else if starts(with: "<!--") {
          try comment()
        } else if starts(with: "<![CDATA[") {
          let cdataStart = index
          index += 9
          guard let end = find("]]>") else {
            throw error("unterminated CDATA section", at: cdataStart)
          }
          try checkCharacters(index..<end)
          appendNormalizingLines(index..<end, to: &text)
          index = end + 3
        } else if starts(with: "<?") {
          try processingInstruction()
        } else if starts(with: "<!") {
          throw error("a markup declaration is not allowed here")
        } else {
          let child = try self.element(depth: depth + 1)
          if depth == 1, let rootChild, try rootChild(child) { continue }
          element.children.append(child)
        }
      } else if byte == UInt8(ascii: "&") {
        try reference(into: &text)
      } else {
        let runStart = index
        while let next = peek(), next != UInt8(ascii: "<"), next != UInt8(ascii: "&") {
          if next == UInt8(ascii: ">"), index >= runStart + 2, bytes[index - 1] == 0x5D,
            bytes[index - 2] == 0x5D
          {
            throw error("']]>' in text")
          }
          index += 1
        }
        try checkCharacters(runStart..<index)
        appendNormalizingLines(runStart..<index, to: &text)
      }
    }
  }

  /// Appends bytes with CR LF and lone CR turned into LF, as XML normalizes line ends.
  func appendNormalizingLines(_ range: Range<Int>, to text: inout [UInt8]) {
    var position = range.lowerBound
    while position < range.upperBound {
      let byte = bytes[position]
      if byte == 0x0D {
        text.append(0x0A)
        if position + 1 < range.upperBound, bytes[position + 1] == 0x0A { position += 1 }
      } else {
        text.append(byte)
      }
      position += 1
    }
  }

  mutating func attributeValue() throws(DAVXMLError) -> String {
    guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
      throw error("expected a quoted attribute value")
    }
    let start = index
    index += 1
    var value: [UInt8] = []
    while true {
      guard let byte = peek() else { throw error("unterminated attribute value", at: start) }
      if byte == quote {
        index += 1
        return String(decoding: value, as: UTF8.self)
      }
      switch byte {
      case UInt8(ascii: "<"): throw error("'<' in an attribute value")
      case UInt8(ascii: "&"): try reference(into: &value, inAttribute: true)
      case 0x0D:
        value.append(0x20)
        index += peek(1) == 0x0A ? 2 : 1
      case 0x09, 0x0A:
        value.append(0x20)
        index += 1
      default:
        if byte < 0x20 { throw error("control character \(byte) is not allowed in XML") }
        value.append(byte)
        index += 1
      }
    }
  }

  /// `&lt;` `&gt;` `&amp;` `&apos;` `&quot;` `&#N;` `&#xH;`; any other entity is refused (none can be
  /// declared).
  mutating func reference(into text: inout [UInt8], inAttribute: Bool = false)
    throws(DAVXMLError)
  {
    let start = index
    index += 1
    var end = index
    while end < bytes.count, end - index < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
    guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
      throw error("'&' that does not begin a reference (write '&amp;')", at: start)
    }
    let body = String(decoding: bytes[index..<end], as: UTF8.self)
    index = end + 1
    switch body {
    case "lt": text.append(UInt8(ascii: "<"))
    case "gt": text.append(UInt8(ascii: ">"))
    case "amp": text.append(UInt8(ascii: "&"))
    case "apos": text.append(UInt8(ascii: "'"))
    case "quot": text.append(UInt8(ascii: "\""))
    default:
      guard body.hasPrefix("#") else {
        throw error("undefined entity '&\(body);'", at: start)
      }
      let digits = body.dropFirst()
      let isHex = digits.hasPrefix("x")
      let number = isHex ? digits.dropFirst() : digits
      let value: UInt32? =
        !number.isEmpty && number.count <= 8
          && number.allSatisfy({ isHex ? $0.isHexDigit : ("0"..."9").contains($0) })
        ? UInt32(number, radix: isHex ? 16 : 10) : nil
      guard let value, let scalar = Unicode.Scalar(value),
        value == 0x09 || value == 0x0A || value == 0x0D || value >= 0x20,
        value != 0xFFFE, value != 0xFFFF
      else {
        throw error("invalid character reference '&\(body);'", at: start)
      }
      text.append(contentsOf: String(Character(scalar)).utf8)
    }
  }
}
