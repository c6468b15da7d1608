import Testing
import ToolboxSync

@Suite struct ItemVersionTests {
  @Test func versionsWithTheSameNameAndTagAreEqual() {
    #expect(ItemVersion(href: "a.ics", etag: "\"1\"") == ItemVersion(href: "a.ics", etag: "\"1\""))
    #expect(ItemVersion(href: "a.ics", etag: "\"1\"") != ItemVersion(href: "a.ics", etag: "\"2\""))
  }
}
