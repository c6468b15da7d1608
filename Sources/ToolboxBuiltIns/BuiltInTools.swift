import ToolboxCalendar
import ToolboxCore
import ToolboxDDay
import ToolboxNumber
import ToolboxSearch
import ToolboxTodo

/// Every built-in tool, alphabetical: the one list the binary, the tests and the fuzz harnesses use.
/// Config enables, disables and configures them; nothing is discovered at run time.
public let builtInTools: [any Tool.Type] = [
  CalendarTool.self,
  DDayTool.self,
  NumberTool.self,
  SearchTool.self,
  TodoTool.self,
]

/// toolbox: the built-in tools and the words of the top-level help.
public let toolbox = Application(
  abstract:
    "One command for calendars, D-Day countdowns, localized numbers, iTunes search and a todo list.",
  tools: builtInTools,
  examples: [
    "toolbox calendar 1 2022",
    "toolbox --locale ko_KR dday 2026-12-25",
    "toolbox number convert 1,234.5 --from en_US --to ar_EG",
    "toolbox --json todo list",
  ])

/// The seams of the real process: HTTP runs in the helper executable `toolbox-search-http` (search's
/// client), so only `toolbox search` loads the network libraries.
public func liveSystem() -> System { System.live(http: HelperHTTPClient()) }
