/// Splits a command line from the docs or a help example into words as a shell would for the simple
/// lines examples are: blanks between words, single or double quotes around words with blanks, `$` or
/// quotes of the other kind (no escapes, no expansions).
public enum ShellWords {
  /// The words of a line: `toolbox dday add '처음 만난 날' 2026-08-25` is four words after `toolbox`.
  public static func split(_ line: String) -> [String] {
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
}
