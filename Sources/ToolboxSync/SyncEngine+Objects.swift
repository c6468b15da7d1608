/// The few things the engine does to an iCalendar object's bytes without reading it as a whole: find
/// and set its `UID`, and carry the lines a tool does not keep from the collection's version into the
/// tool's. Lines are handled as they are stored (folded, with their own line endings), so what is carried
/// stays byte for byte.
enum ICalendarObject {
  /// One content line, with its continuation lines.
  struct Line {
    /// Its name in upper case (`UID`, `BEGIN`, `X-FOO`).
    var name: String
    /// For `BEGIN` and `END`, the component's name in upper case.
    var component: String?
    /// The bytes, continuation lines and line endings included.
    var raw: ArraySlice<UInt8>
    /// How many components enclose it (`BEGIN:VCALENDAR` is at 0, a VTODO's `UID` at 2).
    var depth: Int
  }

  /// The content lines of an object.
  static func lines(_ data: [UInt8]) -> [Line] {
    var physical: [Range<Int>] = []
    var start = 0
    var index = 0
    while index < data.count {
      if data[index] == 0x0A {
        physical.append(start..<(index + 1))
        start = index + 1
      }
      index += 1
    }
    if start < data.count { physical.append(start..<data.count) }
    var logical: [Range<Int>] = []
    for range in physical {
      let first = data[range.lowerBound]
      if (first == 0x20 || first == 0x09), let last = logical.last {
        logical[logical.count - 1] = last.lowerBound..<range.upperBound
      } else {
        logical.append(range)
      }
    }
    var result: [Line] = []
    var depth = 0
    for range in logical {
      let bytes = data[range]
      let nameEnd =
        bytes.firstIndex { $0 == 0x3A || $0 == 0x3B || $0 == 0x0D || $0 == 0x0A }
        ?? range.upperBound
      let name = String(decoding: data[range.lowerBound..<nameEnd], as: UTF8.self).uppercased()
      var component: String?
      if name == "BEGIN" || name == "END", nameEnd < range.upperBound {
        component = String(
          decoding: data[(nameEnd + 1)..<range.upperBound].filter { $0 != 0x0D && $0 != 0x0A },
          as: UTF8.self
        ).uppercased()
      }
      if name == "END" { depth = max(0, depth - 1) }
      result.append(Line(name: name, component: component, raw: bytes, depth: depth))
      if name == "BEGIN" { depth += 1 }
    }
    return result
  }

  /// The `UID` of the object's first component that has one.
  static func uid(_ data: [UInt8]) -> String? {
    for line in lines(data) where line.name == "UID" && line.depth == 2 {
      var value = Array(line.raw)
      // Unfold, drop the ending, take what follows the first colon.
      var unfolded: [UInt8] = []
      var index = 0
      while index < value.count {
        if value[index] == 0x0D || value[index] == 0x0A {
          index += 1
          while index < value.count, value[index] == 0x0D || value[index] == 0x0A { index += 1 }
          if index < value.count, value[index] == 0x20 || value[index] == 0x09 { index += 1 }
          continue
        }
        unfolded.append(value[index])
        index += 1
      }
      value = unfolded
      guard let colon = value.firstIndex(of: 0x3A) else { return nil }
      let text = String(decoding: value[(colon + 1)...], as: UTF8.self)
      return text.isEmpty ? nil : text
    }
    return nil
  }

  /// The object with every component `UID` (of the components of the `VCALENDAR`) set to `uid`.
  static func withUID(_ data: [UInt8], _ uid: String) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(data.count + 64)
    for line in lines(data) {
      if line.name == "UID", line.depth == 2 {
        out += Array("UID:\(uid)".utf8)
        out +=
          line.raw.last == 0x0A ? (line.raw.dropLast().last == 0x0D ? [0x0D, 0x0A] : [0x0A]) : []
      } else {
        out += line.raw
      }
    }
    return out
  }

  /// The tool's version of an object with what it does not keep added back from the collection's: each
  /// property and sub-component (a `VALARM`) of the collection's first component whose name the tool's
  /// reading of that version (`canonical`) does not have, and the tool's version does not have either,
  /// is inserted, byte for byte, before the end of the tool's first component.
  static func carry(_ local: [UInt8], from remote: [UInt8], canonical: [UInt8]) -> [UInt8] {
    func names(_ data: [UInt8]) -> Set<String> {
      Set(
        lines(data).filter { $0.depth == 2 }.map {
          $0.name == "BEGIN" ? ($0.component ?? "") : $0.name
        })
    }
    let kept = names(canonical).union(names(local))
    var extra: [UInt8] = []
    var inMain = false
    var mainSeen = false
    var carrying = false
    for line in lines(remote) {
      if line.depth == 1, line.name == "BEGIN", line.component != "VTIMEZONE", !mainSeen {
        inMain = true
        mainSeen = true
        continue
      }
      if line.depth == 1, line.name == "END" { inMain = false }
      guard inMain else { continue }
      if line.depth == 2 {
        let name = line.name == "BEGIN" || line.name == "END" ? (line.component ?? "") : line.name
        if line.name == "END" {
          if carrying { extra += line.raw }
          carrying = false
          continue
        }
        carrying = !kept.contains(name)
      }
      if carrying {
        extra += line.raw
        if line.raw.last != 0x0A { extra += [0x0D, 0x0A] }
      }
      if line.depth == 2, line.name != "BEGIN" { carrying = false }
    }
    guard !extra.isEmpty else { return local }
    var out: [UInt8] = []
    var inserted = false
    var inLocalMain = false
    for line in lines(local) {
      if line.depth == 1, line.name == "BEGIN", line.component != "VTIMEZONE", !inserted {
        inLocalMain = true
      }
      if inLocalMain, line.depth == 1, line.name == "END", !inserted {
        out += extra
        inserted = true
        inLocalMain = false
      }
      out += line.raw
    }
    return inserted ? out : local
  }
}
