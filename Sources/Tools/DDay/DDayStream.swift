import ToolboxCalendrics
import ToolboxCore
import ToolboxICalendar

/// Pieces for the outputs dday streams (`list`, `export`, `anniversaries` of a large store or count):
/// written as they are made, byte for byte what the same output printed as one document would be.
enum DDayStream {
  /// Collects text and hands it to the stream's writer in chunks of about 64 KiB.
  final class Chunks {
    private let sink: (String) throws -> Void
    private var pending = ""

    /// Bytes collected before they are written.
    static let size = 1 << 16

    /// Chunks for a stream's writer: text output (made safe for a terminal by the writer, as every
    /// text output is) or, with `verbatim`, a file format written as it is (iCalendar).
    convenience init(_ writer: StreamWriter, verbatim: Bool = false) {
      if verbatim {
        self.init { try writer.write($0) }
      } else {
        self.init { try writer.writeText($0) }
      }
    }

    /// Chunks for any sink.
    init(sink: @escaping (String) throws -> Void) {
      self.sink = sink
      pending.reserveCapacity(Self.size + 4096)
    }

    /// Appends text, writing the chunk once it is full.
    func append(_ text: String) throws {
      pending += text
      if pending.utf8.count >= Self.size { try flush() }
    }

    /// Writes what is collected.
    func flush() throws {
      guard !pending.isEmpty else { return }
      let text = pending
      pending.removeAll(keepingCapacity: true)
      try sink(text)
    }
  }
}

extension DDayStream {
  /// `dday export` as JSON: the document `--json dday list` prints, in id order, written as the store is
  /// read.
  ///
  /// - Parameters:
  ///   - store: The store; `nil` when there is none (an empty list).
  ///   - today: Today.
  ///   - language: The output language.
  ///   - sink: Receives the text in chunks.
  /// - Returns: How many D-Days were written.
  /// - Throws: ``StoreError``, or what `sink` throws.
  static func exportJSON(
    _ store: DDayStore?, today: CivilDate, language: DDayLanguage,
    sink: @escaping (String) throws -> Void
  ) throws -> Int {
    let lunar = KoreanLunarCalendar()
    let document = JSONStreamWriter(pretty: true, sink: sink)
    var count = 0
    try document.beginObject()
    try document.beginArray(key: "events")
    try store?.forEachEvent { event in
      count += 1
      try document.element(DDayRow(event, today: today, lunar: lunar, language: language))
    }
    try document.endArray()
    try document.endObject()
    try document.finish()
    return count
  }

  /// `dday export --ics`, written as the store is read: the calendar's head, each D-Day's events, its end.
  ///
  /// - Parameters:
  ///   - store: The store; `nil` when there is none (a calendar without events).
  ///   - stamp: `DTSTAMP`.
  ///   - today: Where a lunar D-Day's years start.
  ///   - lunarYears: How many years of a lunar yearly D-Day.
  ///   - sink: Receives the text in chunks.
  /// - Returns: How many D-Days were written.
  /// - Throws: ``StoreError``, or what `sink` throws.
  static func exportICalendar(
    _ store: DDayStore?, stamp: ICalendarDateTime, today: CivilDate, lunarYears: Int,
    sink: @escaping (String) throws -> Void
  ) throws -> Int {
    let lunar = KoreanLunarCalendar()
    let envelope = DDayICalendar.envelope(
      ICalendarComponent.calendar(
        productID: DDayICalendar.exportProductID, properties: [.text("X-WR-CALNAME", "D-Days")],
        components: []))
    let output = Chunks(sink: sink)
    try output.append(envelope.head)
    var count = 0
    try store?.forEachEvent { event in
      count += 1
      for component in DDayICalendar.components(
        of: event, stamp: stamp, today: today, lunarYears: lunarYears, lunar: lunar)
      {
        try output.append(component.serialized())
      }
    }
    try output.append(envelope.tail)
    try output.flush()
    return count
  }
}

extension DDayICalendar {
  /// A calendar's text cut around its events: what comes before the first and after the last, so that
  /// they can be written one by one between the two.
  ///
  /// - Parameter calendar: The `VCALENDAR` without its events.
  /// - Returns: Its head (up to `END:VCALENDAR`) and its tail (`END:VCALENDAR` and the line end).
  static func envelope(_ calendar: ICalendarComponent) -> (head: String, tail: String) {
    let empty = calendar.serialized()
    let end = "END:VCALENDAR\r\n"
    guard empty.hasSuffix(end) else { return (empty, "") }
    return (String(empty.dropLast(end.count)), end)
  }
}
