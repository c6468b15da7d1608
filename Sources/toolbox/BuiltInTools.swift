import ToolboxCalendar
import ToolboxCore
import ToolboxDDay
import ToolboxNumber
import ToolboxSearch
import ToolboxTodo

/// Every built-in tool, alphabetical. Config enables, disables and configures them; nothing is discovered at
/// run time.
let builtInTools: [any Tool.Type] = [
  CalendarTool.self,
  DDayTool.self,
  NumberTool.self,
  SearchTool.self,
  TodoTool.self,
]
