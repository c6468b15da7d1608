import FuzzSupport

// The argument parser and everything behind it: the bytes are split at NUL into argv (a second NUL in a row
// starts standard input), and the real dispatcher runs the command line with the calendar, dday, number and
// search tools in memory. The probe checks the exit code and the one-line error.

let probe = DispatcherProbe()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let bytes = input.rest()
  var arguments: [String] = []
  var stdin = ""
  var start = 0
  var index = 0
  while index < bytes.count {
    if bytes[index] == 0 {
      arguments.append(String(decoding: bytes[start..<index], as: UTF8.self))
      if index + 1 < bytes.count, bytes[index + 1] == 0 {
        stdin = String(decoding: bytes[(index + 2)...], as: UTF8.self)
        start = bytes.count + 1
        break
      }
      start = index + 1
    }
    index += 1
  }
  if start <= bytes.count { arguments.append(String(decoding: bytes[start...], as: UTF8.self)) }
  guard arguments.count <= 24 else { return 0 }
  probe.run(arguments, input: stdin)
  return 0
}
