/// Keys several commands share, declared once: a struct whose stored properties are typed keys, held by
/// each command as one stored property (`let network = Network()`), whose keys its spec lists in that
/// place and its body reads as `try arguments.network.timeout`. A ``DeclaredCommand`` is one too.
public protocol ArgumentGroup: ArgumentKeys {
  /// A default instance: its stored properties are the keys.
  init()
}

extension ArgumentGroup {
  /// The specs of the stored keys, in declaration order, a group's keys in the group's place.
  public static var declaredArguments: [ArgumentSpec] {
    let collector = KeyCollector()
    KeyCollector.with(collector) { _ = Self() }
    return collector.specs
  }
}
