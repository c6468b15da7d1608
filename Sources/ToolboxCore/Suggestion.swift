/// "Did you mean" suggestions for mistyped names.
public enum Suggestion {
  /// The candidate closest to `input` by edit distance, if it is close enough to be a likely typo.
  ///
  /// A candidate qualifies when its distance is at most a third of the longer name (at least 1), or when one
  /// name is a prefix of the other.
  ///
  /// - Parameters:
  ///   - input: What the user typed.
  ///   - candidates: The valid names.
  /// - Returns: The best candidate, or `nil` when none is close.
  public static func closest(to input: String, in candidates: some Sequence<String>) -> String? {
    let typed = Array(input.lowercased())
    guard !typed.isEmpty else { return nil }
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let name = Array(candidate.lowercased())
      let distance = editDistance(typed, name)
      let limit = max(1, max(typed.count, name.count) / 3)
      let isPrefix = typed.count >= 2 && (name.starts(with: typed) || typed.starts(with: name))
      // A typo keeps most of the word: no suggestion replaces all of it ('3' is not a typo of '1').
      guard (distance <= limit && distance < typed.count) || isPrefix else { continue }
      if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
    }
    return best?.name
  }

  /// `" (did you mean 'x'?)"` for the closest candidate, or an empty string.
  ///
  /// - Parameters:
  ///   - input: What the user typed.
  ///   - candidates: The valid names.
  ///   - prefix: Put before the candidate in the hint, e.g. `--` for options.
  /// - Returns: The hint, starting with a space, or `""`.
  public static func hint(
    for input: String, in candidates: some Sequence<String>, prefix: String = ""
  )
    -> String
  {
    guard let match = closest(to: input, in: candidates) else { return "" }
    return " (did you mean '\(prefix)\(match)'?)"
  }

  /// The optimal string alignment distance (Levenshtein plus adjacent transpositions).
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
