import ToolboxCore

extension NumberTool {
  /// GNU numfmt's options of `format`, declared once: units (`--to`, `--from`), `--round`, `--format`,
  /// `--grouping`, and the layout (`--padding`, `--suffix`), which also applies to the styles.
  struct Numfmt: ArgumentGroup {
    let to = option(
      "to", valueName: "unit",
      help: "Write with numfmt's units: si (1.5M), iec (1.5M = 1.5 × 1024²) or iec-i (1.5Mi).",
      as: NumfmtScale.self)
    let from = option(
      "from", valueName: "unit",
      help: "Read numfmt's unit suffixes: si (1.5K = 1500), iec (1K = 1024), iec-i (1Ki) or auto.",
      as: NumfmtScale.self)
    let round = option(
      "round", valueName: "method",
      help: "numfmt's rounding with --to/--from/--format: up, down, from-zero (default), "
        + "towards-zero or nearest.",
      as: NumfmtRounding.self)
    let template = option(
      "format", valueName: "fmt",
      help: "numfmt's printf-style format: %[0]['][-][N][.N]f with text around ('%'10.2f', "
        + "'%-8f', 'Size: %f').")
    let grouping = flag(
      "grouping", help: "Group digits with --to/--from/--format/--round (as the styles do anyway).")
    let padding = option(
      "padding", valueName: "n",
      help: "Pad to N columns with spaces, aligned right (negative N: left).", as: Int.self)
    let suffix = option("suffix", valueName: "text", help: "Write TEXT after each number.")
  }

  /// What numfmt's options ask for: a numfmt formatter when `--to`, `--from`, `--format`, `--round` or
  /// `--grouping` is given (`nil`: the style writes numbers), and the layout around every number.
  struct NumfmtChoice {
    /// Writes numbers numfmt's way, or `nil` for the style's.
    var formatter: NumfmtFormatter?
    /// The padding, suffix and template text around each number.
    var layout = NumberLayout()
  }

  /// Reads numfmt's options.
  ///
  /// - Parameters:
  ///   - arguments: The options.
  ///   - locale: The locale numbers are written in.
  /// - Throws: ``UsageError`` (64) for a bad value: `--to auto`, a padding of 0 or beyond 1000, a bad
  ///   template.
  func numfmtChoice(_ arguments: Arguments<Numfmt>, locale: NumberLocale) throws -> NumfmtChoice {
    let to = try arguments.to
    let from = try arguments.from
    let round = try arguments.round
    let templateText = try arguments.template
    let grouping = try arguments.grouping
    var choice = NumfmtChoice()
    if let padding = try arguments.padding {
      guard padding != 0, abs(padding) <= NumfmtTemplate.limit else {
        throw arguments.usageError(
          "invalid padding value '\(padding)': expected a width from 1 to \(NumfmtTemplate.limit) "
            + "(negative: aligned left)", code: "invalid_value")
      }
      choice.layout.width = padding
    }
    choice.layout.suffix = try arguments.suffix ?? ""
    if to == .auto {
      throw arguments.usageError(
        "--to takes none, si, iec or iec-i, not 'auto' (auto is for --from)", code: "invalid_value")
    }
    var template = NumfmtTemplate()
    if let templateText {
      if templateText == "json" || templateText == "text" {
        throw arguments.usageError(
          "'\(templateText)' is not a numfmt format: after 'number format', --format is numfmt's "
            + "printf format (%'10.2f); for JSON use --json, or --format before 'number'",
          code: "invalid_value")
      }
      do throws(NumfmtTemplate.Problem) {
        template = try NumfmtTemplate(templateText)
      } catch {
        throw arguments.usageError(error.message, code: "invalid_value")
      }
      if template.width != 0, !template.zeroPadding { choice.layout.width = template.width }
      choice.layout.prefix = template.prefix
      choice.layout.trailer = template.suffix
    }
    guard to != nil || from != nil || round != nil || templateText != nil || grouping else {
      return choice
    }
    if grouping { template.grouping = true }
    if template.grouping, let to, to != .none {
      throw arguments.usageError(
        "grouping (--grouping or ' in --format) cannot be combined with --to, as in numfmt",
        code: "conflicting_options")
    }
    choice.formatter = try NumfmtFormatter(
      locale: locale, from: from ?? .none, to: to ?? .none, rounding: round ?? .fromZero,
      template: template)
    return choice
  }
}
