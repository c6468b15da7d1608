import Testing
import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's environment is read a variable at a time; all of it only for a child process.
@Suite struct EnvironmentTests {
  @Test func `a variable of the process reads as getenv reads it, empty as unset`() {
    let environment = Environment.process
    // The test runner's environment is whatever started it: compare with libc's own reading of it.
    for name in ["PATH", "HOME", "LANG", "TERM", "TOOLBOX_NO_SUCH_VARIABLE"] {
      let expected = getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
      #expect(environment[name] == expected, "\(name)")
    }
    #expect(environment["TOOLBOX_NO_SUCH_VARIABLE"] == nil)
  }

  @Test func `all of the process's variables are the ones environ holds`() {
    let environment = Environment.process
    let variables = environment.variables
    #if canImport(Darwin)
      var entry = _NSGetEnviron()!.pointee!
    #else
      var entry = environ
    #endif
    var count = 0
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
        let name = String(text[..<equals])
        #expect(variables[name] != nil, "\(name)")
        count += 1
      }
      entry += 1
    }
    #expect(variables.count <= count && !variables.isEmpty)
    // Read variable by variable or all at once, it is the same environment.
    for (name, value) in variables where !value.isEmpty {
      #expect(environment[name] == value, "\(name)")
    }
    #expect(environment == Environment(variables, accountHome: environment.accountHome))
  }

  @Test func `setting the variables gives an environment of exactly those`() {
    var environment = Environment.process
    environment.variables = ["ONLY": "this"]
    #expect(environment["ONLY"] == "this")
    #expect(environment["PATH"] == nil)
    #expect(environment.variables == ["ONLY": "this"])
  }
}
