import ToolboxCore

/// The file changed while `sync` ran: nothing was changed (75).
struct SyncChanged: ToolboxError {
  let file: String
  var exitCode: ExitCode { ExitCode(rawValue: 75) }
  var code: String { "file_changed" }
  var description: String {
    "'\(file)' changed during sync; nothing was changed; run again"
  }
}
