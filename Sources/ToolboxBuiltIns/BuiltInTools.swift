import ToolboxCore
import ToolboxHTTP

// Every tool module (`Sources/Tools/<Name>`, module `Toolbox<Name>`) is imported implicitly: Package.swift
// finds them and passes `-import-module` for each, so a new tool is its line in the list below.

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

/// The seams of the real process: HTTP runs in the helper executable `toolbox-http` (search's
/// client, `ToolboxHTTP.HelperHTTPClient`), so only the commands that talk HTTP load the network libraries; the
/// interactive mode (`toolbox ui`) draws the tools' screens on the terminal.
public func liveSystem() -> System {
  System.live(http: HelperHTTPClient(), interactive: LiveInteractiveUI())
}
