import Testing
import ToolboxCore
import ToolboxTestSupport

/// Where files go when HOME is missing: the password database's home folder, else a refusal, never `/`.
@Suite struct PathsTests {
  @Test func `HOME wins; unset or empty, the password database's home folder is used`() {
    let set = Paths(environment: Environment(["HOME": "/home/a"], accountHome: "/home/b"))
    #expect(set.home == "/home/a" && set.dataHome == "/home/a/.local/share")
    for environment in [
      Environment([:], accountHome: "/home/b"), Environment(["HOME": ""], accountHome: "/home/b"),
    ] {
      let paths = Paths(environment: environment)
      #expect(paths.home == "/home/b")
      #expect(paths.configHome == "/home/b/.config")
      #expect(paths.dataHome == "/home/b/.local/share")
      #expect(paths.cacheHome == "/home/b/.cache")
      #expect(paths.homeIsKnown && paths.foldersAreKnown)
    }
  }

  @Test func `the home folder is read from the password file entry of the user id`() {
    let file = Array(
      """
      root:x:0:0:root:/root:/bin/bash
      # comment:x:1000:1000::/commented:/bin/sh
      nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin
      alice:x:1000:1000:Alice,,,:/home/alice:/bin/bash
      bob:x:1000:1000::/home/bob:/bin/bash
      relative:x:1001:1001::home/relative:/bin/sh
      short:x:1002
      """.utf8)
    #expect(Environment.passwordFileHome(file, userID: 0) == "/root")
    #expect(Environment.passwordFileHome(file, userID: 1000) == "/home/alice")
    #expect(Environment.passwordFileHome(file, userID: 65534) == "/nonexistent")
    #expect(Environment.passwordFileHome(file, userID: 1001) == nil)
    #expect(Environment.passwordFileHome(file, userID: 1002) == nil)
    #expect(Environment.passwordFileHome(file, userID: 54321) == nil)
  }

  @Test func `without any home folder nothing falls back to the root folder`() {
    let paths = Paths(environment: Environment([:]))
    #expect(!paths.homeIsKnown && !paths.foldersAreKnown)
    #expect(![paths.configHome, paths.dataHome, paths.cacheHome].contains { $0.hasPrefix("/") })
    let xdg = Paths(
      environment: Environment([
        "XDG_CONFIG_HOME": "/x/config", "XDG_DATA_HOME": "/x/data", "XDG_CACHE_HOME": "/x/cache",
      ]))
    #expect(!xdg.homeIsKnown && xdg.foldersAreKnown)
    #expect(xdg.dataHome == "/x/data")
  }

  @Test func `a run without a home folder is refused with exit 78, unless XDG names every folder`()
    throws
  {
    var runner = ToolboxRunner(tools: [EchoTool.self], environment: Environment([:]))
    runner.accountHome = nil
    let message =
      "toolbox: cannot find your home folder: HOME is not set and the password database has no home "
      + "folder for your user; set HOME (or XDG_CONFIG_HOME, XDG_DATA_HOME and XDG_CACHE_HOME)\n"
    #expect(runner.run("echo") == RunResult(output: "", error: message, status: 78))
    #expect(runner.run("tools").status == 78)
    // An explicit config does not need the home folder, but a tool's data and cache folders do.
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let config = try folder.write("config.json", "{}")
    #expect(runner.run("--config", config, "tools").status == 0)
    #expect(
      runner.run("--config", config, "echo").error == "toolbox: echo: " + message.dropFirst(9))
    #expect(runner.run("--config", "~/config.json", "tools").status == 78)
    runner.environment = Environment([
      "XDG_CONFIG_HOME": folder.path, "XDG_DATA_HOME": folder.path, "XDG_CACHE_HOME": folder.path,
    ])
    #expect(runner.run("echo") == RunResult(output: "hello\n", error: "", status: 0))
  }

  @Test func `with HOME unset the default config is found under the password database's home`()
    throws
  {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write(
      "home/.config/toolbox/config.json", #"{"tools": {"echo": {"greeting": "from passwd"}}}"#)
    var runner = ToolboxRunner(tools: [EchoTool.self], environment: Environment(["HOME": ""]))
    runner.accountHome = folder.file("home")
    #expect(runner.run("echo").output == "from passwd\n")
  }
}
