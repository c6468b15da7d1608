import Testing
import ToolboxCore

@Suite struct SuggestionTests {
  @Test(arguments: [
    ("calender", ["calendar", "dday", "todo"], "calendar"),
    ("tood", ["calendar", "dday", "todo"], "todo"),
    ("limt", ["limit", "country"], "limit"),
    ("dday", ["calendar", "dday"], "dday"),
    ("cal", ["calendar", "dday"], "calendar"),
  ])
  func `suggests the closest name`(input: String, candidates: [String], expected: String) {
    #expect(Suggestion.closest(to: input, in: candidates) == expected)
  }

  @Test func `suggests nothing for unrelated names`() {
    #expect(Suggestion.closest(to: "xyzzy", in: ["calendar", "dday", "todo"]) == nil)
    #expect(Suggestion.hint(for: "", in: ["a"]) == "")
  }

  @Test func `the hint is phrased for messages`() {
    #expect(Suggestion.hint(for: "jsn", in: ["json"], prefix: "--") == " (did you mean '--json'?)")
  }
}
