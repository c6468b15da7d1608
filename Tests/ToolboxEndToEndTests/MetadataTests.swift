import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import toolbox

/// Checks every built-in tool's declarations: the registry, help and docs are generated from them, so they must
/// be complete and consistent (after SwiftFormat's MetadataTests).
@Suite struct MetadataTests {
  @Test func `tool names are unique lower-case words, sorted, with a one-sentence abstract`() throws
  {
    let names = builtInTools.map { $0.descriptor.name }
    #expect(names == names.sorted())
    #expect(Set(names).count == names.count)
    for tool in builtInTools {
      #expect(ToolRegistry.isValidToolName(tool.descriptor.name))
      #expect(tool.descriptor.abstract.hasSuffix("."), "\(tool.descriptor.name)")
    }
  }

  @Test func `every command has an abstract, argument help and examples that parse`() throws {
    for toolType in builtInTools {
      let name = toolType.descriptor.name
      let tool = try toolType.init(context: .test(tool: name))
      let commandNames = tool.commands.compactMap(\.spec.name)
      #expect(Set(commandNames).count == commandNames.count, "\(name)")
      #expect(tool.commands.filter { $0.spec.name == nil }.count <= 1, "\(name)")
      if let fallback = toolType.descriptor.defaultSubcommand {
        #expect(commandNames.contains(fallback), "\(name)")
      }
      for command in tool.commands {
        let spec = command.spec
        let label = "\(name) \(spec.name ?? "")"
        #expect(spec.abstract.hasSuffix("."), "\(label)")
        #expect(!spec.examples.isEmpty, "\(label) has no examples")
        let longNames = spec.arguments.filter(\.isNamed).map(\.name)
        #expect(Set(longNames).count == longNames.count, "\(label)")
        let shorts = spec.arguments.compactMap(\.short)
        #expect(Set(shorts).count == shorts.count, "\(label)")
        #expect(!shorts.contains("h") && !shorts.contains("q"), "\(label): -h and -q are reserved")
        for argument in spec.arguments {
          #expect(!argument.help.isEmpty, "\(label) \(argument.name)")
        }
        for example in spec.examples {
          let words = Self.words(example)
          #expect(words.first == "toolbox", "\(example)")
          // The example must parse against this command's spec after the global options are removed.
          let parsed = Self.commandArguments(words, tool: name, command: spec.name)
          #expect(parsed != nil, "example does not name its command: \(example)")
          if let parsed {
            do {
              _ = try ArgumentParser(spec: spec, commandPath: "toolbox \(name)").parse(parsed)
            } catch {
              Issue.record("example does not parse: \(example): \(error.message)")
            }
          }
        }
      }
    }
  }

  @Test func `config.example.json names every built-in tool and decodes`() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "config.example.json"
      ).path
    let result = try Toolbox.run(["--config", path, "tools"])
    #expect(result.status == 0, "\(result.error)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for tool in builtInTools {
      #expect(text.contains("\"\(tool.descriptor.name)\":"), "\(tool.descriptor.name) missing")
    }
    for key in Config.topLevelKeys {
      #expect(text.contains("\"\(key)\":"), "\(key) missing")
    }
  }

  /// Splits an example line into words, honouring single and double quotes as a shell would.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }

  /// The words after `toolbox [globals] <tool> [<command>]`, with global options removed, or `nil` when the
  /// example does not invoke that tool and command.
  static func commandArguments(_ words: [String], tool: String, command: String?) -> [String]? {
    let withValue: Set = ["--format", "--config", "--color", "--today", "--locale"]
    let flags: Set = ["--json", "--no-color", "-q", "--quiet"]
    var rest: [String] = []
    var index = 1
    while index < words.count {
      let word = words[index]
      if withValue.contains(word) {
        index += 2
        continue
      }
      if flags.contains(word) || withValue.contains(where: { word.hasPrefix($0 + "=") }) {
        index += 1
        continue
      }
      rest.append(word)
      index += 1
    }
    guard rest.first == tool else { return nil }
    rest.removeFirst()
    if let command {
      guard rest.first == command else { return nil }
      rest.removeFirst()
    }
    return rest
  }
}
