import ToolboxCore

/// The file changed while `sync` (or `archive`, writing done.txt) ran: nothing was changed (75).
struct SyncChanged: ToolboxError {
  let file: String
  var command = "sync"
  var exitCode: ExitCode { .temporaryFailure }
  var code: String { "file_changed" }
  var description: String {
    "'\(file)' changed during \(command); nothing was changed; run again"
  }
}
