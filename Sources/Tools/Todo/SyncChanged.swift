import ToolboxCore

/// The file changed while `sync` ran: nothing was changed (75).
struct SyncChanged: ToolboxError {
  let file: String
  var exitCode: ExitCode { .temporaryFailure }
  var code: String { "file_changed" }
  var description: String {
    "'\(file)' changed during sync; nothing was changed; run again"
  }
}
