import FuzzSupport

// The config decoder: the bytes are the config file, and the dispatcher loads it for a command of each
// built-in tool (so every tool's settings decoder reads its section) and for `toolbox tools` (aliases and
// plugins). Whatever the file holds, the answer is the command's output or one error line with exit 78.

let path = "/fuzz/config.json"
let commands: [[String]] = [
  ["calendar", "1", "2022"], ["dday", "after", "100", "--from", "2020-11-01"],
  ["number", "format", "1234.5"], ["search", "--url", "jack johnson"], ["tools"],
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let command = input.choose(commands)
  let probe = DispatcherProbe(files: [path: input.rest()])
  let status = probe.run(["--config", path] + command)
  require(
    [0, 64, 65, 69, 78].contains(status), "a config made \(command) exit \(status)")
  return 0
}
