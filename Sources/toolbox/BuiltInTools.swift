import ToolboxCalendar
import ToolboxCore
import ToolboxNumber

/// Every built-in tool, alphabetical. Config enables, disables and configures them; nothing is discovered at
/// run time.
let builtInTools: [any Tool.Type] = [
  CalendarTool.self,
  NumberTool.self,
]
