/// ` (change 12)`: how text output names the change a line belongs to (empty when nothing changed).
func changeSuffix(_ change: Int64?) -> String {
  change.map { " (change \($0))" } ?? ""
}
