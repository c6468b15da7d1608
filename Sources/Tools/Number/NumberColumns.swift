/// Numbers in columns of text, like `numfmt --field`: the selected fields of each line are rewritten and
/// everything else — other fields, delimiters, blanks — is kept byte for byte.
///
/// Without a delimiter, fields are runs of non-blank characters and the blanks (spaces, tabs) between and
/// around them are kept as they are. With one (`--delimiter ,`, `$'\t'`), fields are what lies between
/// delimiters, possibly empty; blanks around a number inside a field are kept around its new text. The
/// first `header` lines are passed through unchanged.
struct NumberColumns: Sendable {
  /// The selected fields.
  let fields: FieldSelection
  /// The delimiter's UTF-8 bytes, or `nil` for runs of blanks.
  let delimiter: [UInt8]?
  /// How many lines at the start are passed through.
  let header: Int

  /// Rewrites the selected fields of one line into a buffer.
  ///
  /// - Parameters:
  ///   - line: The line, without its newline.
  ///   - output: Receives the rewritten line (emptied first).
  ///   - transform: Turns a field's text (without blanks around it) and its 1-based number into the new text.
  /// - Throws: The transform's error for a field, wrapped with the field's number, or
  ///   ``NumberError/missingField(input:fieldCount:field:)`` when the line lacks a field named alone or as a
  ///   closed range's end.
  func rewrite(
    _ line: String, into output: inout [UInt8],
    _ transform: (UnsafeBufferPointer<UInt8>, Int) throws(NumberError) -> String
  ) throws(NumberError) {
    output.removeAll(keepingCapacity: true)
    var line = line
    let result: Result<Int, NumberError> = line.withUTF8 { bytes in
      do throws(NumberError) {
        return .success(try rewrite(bytes, into: &output, transform))
      } catch {
        return .failure(error)
      }
    }
    let count = try result.get()
    guard count >= fields.required else {
      throw .missingField(input: line, fieldCount: count, field: fields.required)
    }
  }

  /// Rewrites the bytes of a line; returns how many fields it has.
  private func rewrite(
    _ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
    _ transform: (UnsafeBufferPointer<UInt8>, Int) throws(NumberError) -> String
  ) throws(NumberError) -> Int {
    @inline(__always) func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    func replace(_ start: Int, _ end: Int, field: Int) throws(NumberError) {
      // Blanks around the number inside the field stay where they are.
      var low = start
      var high = end
      while low < high, isBlank(bytes[low]) { low += 1 }
      while high > low, isBlank(bytes[high - 1]) { high -= 1 }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<low]))
      let text: String
      do throws(NumberError) {
        text = try transform(UnsafeBufferPointer(rebasing: bytes[low..<high]), field)
      } catch {
        throw .field(field, error)
      }
      output.append(contentsOf: text.utf8)
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[high..<end]))
    }
    let count = bytes.count
    var field = 0
    var index = 0
    guard let delimiter else {
      while index < count {
        let blanks = index
        while index < count, isBlank(bytes[index]) { index += 1 }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[blanks..<index]))
        guard index < count else { break }
        let start = index
        while index < count, !isBlank(bytes[index]) { index += 1 }
        field += 1
        if fields.contains(field) {
          try replace(start, index, field: field)
        } else {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        }
      }
      return field
    }
    @inline(__always) func delimiterAt(_ position: Int) -> Bool {
      guard position + delimiter.count <= count else { return false }
      for (offset, byte) in delimiter.enumerated() where bytes[position + offset] != byte {
        return false
      }
      return true
    }
    var start = 0
    while true {
      while index < count, !delimiterAt(index) { index += 1 }
      field += 1
      if fields.contains(field) {
        try replace(start, index, field: field)
      } else {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
      }
      guard index < count else { break }
      output.append(contentsOf: delimiter)
      index += delimiter.count
      start = index
    }
    return field
  }
}
