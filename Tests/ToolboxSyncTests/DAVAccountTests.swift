import Testing
import ToolboxCore
import ToolboxSync
import ToolboxTestSupport

@Suite struct DAVAccountTests {
  @Test func plainHTTPIsRefusedForAnotherMachine() throws {
    let account = DAVAccount(url: try DAVURL("http://dav.example.com/alice/"), username: "alice")
    let error = try #require(throws: DAVAccessError.self) { try account.checkTransport() }
    #expect(error.exitCode.rawValue == 77)
    #expect(error.code == "insecure_http")
    #expect(
      error.message
        == "refusing plain http to http://dav.example.com: the password and the items would travel unencrypted; use https, or set 'allowInsecureHTTP' to true if the network is trusted"
    )
    var allowed = account
    allowed.allowInsecureHTTP = true
    try allowed.checkTransport()
    for url in [
      "http://localhost:5232/", "http://127.0.0.1:5232/", "http://[::1]:5232/",
      "https://dav.example.com/",
      "http://127.10.0.1/",
    ] {
      try DAVAccount(url: try DAVURL(url)).checkTransport()
    }
    for url in ["http://127.0.0.1.evil.net/", "http://localhost.evil.net/", "http://10.0.0.1/"] {
      #expect(throws: DAVAccessError.self) { try DAVAccount(url: try DAVURL(url)).checkTransport() }
    }
  }

  @Test func aSessionIsRefusedBeforeAnyRequestOverPlainHTTP() throws {
    let client = StubHTTPClient([DAVReplies.status(200)])
    let account = DAVAccount(url: try DAVURL("http://dav.example.com/"))
    #expect(throws: DAVAccessError.self) {
      try account.session(client: client, environment: Environment())
    }
    #expect(client.requests.isEmpty)
  }

  @Test func thePasswordCommandsFirstLineIsThePassword() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let file = try folder.write("secret", "pa ss'word\r\nnotes: more lines\nurl: x\n")
    let account = DAVAccount(
      url: try DAVURL("https://dav.example.com/"), username: "alice",
      passwordCommand: ["cat", file],
      caCertificate: "/ca.pem")
    let environment = Environment(["PATH": "/usr/bin:/bin", DAVAccount.passwordVariable: "ignored"])
    #expect(
      try account.authentication(environment: environment)
        == .password(username: "alice", password: "pa ss'word"))
    // The session carries it to the client, with the CA file; the URL and headers never hold it.
    let client = StubHTTPClient([DAVReplies.capture(DAVFixtures.Radicale.list)])
    let session = try account.session(client: client, environment: environment)
    _ = try CalDAVCollection(
      url: try DAVURL("https://dav.example.com/alice/tasks/"), session: session
    ).list()
    let request = try #require(client.requests.first)
    #expect(request.authentication == .password(username: "alice", password: "pa ss'word"))
    #expect(request.caCertificateFile == "/ca.pem")
    #expect(
      !request.url.contains("pa ss") && !request.headers.values.contains { $0.contains("pa ss") })
  }

  @Test func aFailingPasswordCommandIsOneLineWithoutItsOutput() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let script = try folder.write("fail", "#!/bin/sh\necho hunter2\nexit 3\n", executable: true)
    let empty = try folder.write("empty", "\nsecond\n")
    let environment = Environment(["PATH": "/usr/bin:/bin"])
    let cases: [([String], String)] = [
      ([script], "the password command '\(script)' failed (exit status 3)"),
      (["cat", empty], "the password command 'cat' printed no password on its first line"),
      (
        [folder.file("missing")],
        "cannot run the password command '\(folder.file("missing"))': No such file or directory"
      ),
    ]
    for (command, message) in cases {
      let account = DAVAccount(
        url: try DAVURL("https://dav.example.com/"), username: "alice", passwordCommand: command)
      let error = try #require(throws: DAVAccessError.self) {
        try account.authentication(environment: environment)
      }
      #expect(error.message == message)
      #expect(error.code == "password_command_failed")
      #expect(error.exitCode.rawValue == 77)
    }
  }

  @Test func thePasswordCommandRunsWithoutAShell() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    // With a shell, `;` would run a second command that creates the file.
    let account = DAVAccount(
      url: try DAVURL("https://dav.example.com/"), username: "alice",
      passwordCommand: ["echo", "pw;", "touch", folder.file("ran")])
    let authentication = try account.authentication(
      environment: Environment(["PATH": "/usr/bin:/bin"]))
    #expect(
      authentication == .password(username: "alice", password: "pw; touch \(folder.file("ran"))"))
    #expect(folder.read("ran") == nil)
  }

  @Test func theEnvironmentVariableAndThenNetrcAreUsed() throws {
    let url = try DAVURL("https://dav.example.com/")
    #expect(
      try DAVAccount(url: url, username: "alice").authentication(
        environment: Environment([DAVAccount.passwordVariable: "pw"]))
        == .password(username: "alice", password: "pw"))
    #expect(
      try DAVAccount(url: url, username: "alice").authentication(environment: Environment())
        == .netrc(file: nil))
    #expect(
      try DAVAccount(url: url, netrcFile: "/n").authentication(environment: Environment())
        == .netrc(file: "/n"))
    let error = try #require(throws: DAVAccessError.self) {
      try DAVAccount(url: url).authentication(
        environment: Environment([DAVAccount.passwordVariable: "pw"]))
    }
    #expect(error.message == "TOOLBOX_DAV_PASSWORD is set but 'username' is not")
    #expect(throws: DAVAccessError.self) {
      try DAVAccount(url: url, passwordCommand: ["cat"]).authentication(environment: Environment())
    }
  }

  @Test func urlsAreReadStrictly() throws {
    #expect(try DAVURL("HTTPS://Dav.Example.COM:443").description == "https://dav.example.com/")
    #expect(
      try DAVURL("http://h:8080/a%7e/b c/%C3%A9").description == "http://h:8080/a~/b%20c/%C3%A9")
    #expect(try DAVURL("http://[::1]:5232/x").host == "[::1]")
    let refused: [(String, String)] = [
      ("ftp://h/", "'ftp://h/' is not an http or https URL"),
      ("dav.example.com", "'dav.example.com' is not an http or https URL"),
      (
        "https://alice:pw@h/",
        "the URL must not hold a user name or password: set 'username' and 'passwordCommand' instead"
      ),
      (
        "https://h/a?x=1",
        "'https://h/a?x=1' has a query or fragment, which a collection URL does not"
      ),
      ("https://h:99999/", "'https://h:99999/' has an invalid port"),
      ("https:///x", "'https:///x' has no valid host"),
      ("https://h/%zz", "'https://h/%zz' has a malformed percent-encoding"),
      ("https://h\n/", "'https://h\\n/' has no valid host"),
    ]
    for (text, message) in refused {
      let error = try #require(throws: DAVURLError.self) { try DAVURL(text) }
      #expect(error.message == message)
      #expect(error.exitCode == .usage)
    }
  }

  @Test func hrefsResolveAgainstTheURL() throws {
    let base = try DAVURL("https://h/a/b/")
    #expect(try base.resolve("c.ics").path == "/a/b/c.ics")
    #expect(try base.resolve("/x/../y/%7E.ics").path == "/y/~.ics")
    #expect(try base.resolve("//other/z").description == "https://other/z")
    #expect(try base.resolve("https://h/a/b/c%2a.ics").path == "/a/b/c%2A.ics")
    #expect(try DAVURL("https://h/a/file.ics").resolve("g.ics").path == "/a/g.ics")
  }
}
