#if canImport(Glibc)
  import Glibc
#endif

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

  /// One of the keys, for code outside the command's body (`Export.key(\.output)`; a body has
  /// `arguments.keys`, without the key path this makes at run time). Made while another
  /// declaration is (`let id = Append.key(\.id)`), it is that declaration's key too, and only it.
  public static func key<Value>(_ path: KeyPath<Self, Argument<Self, Value>>) -> Argument<
    Self, Value
  > {
    let key = KeyCollector.with(nil) { Self()[keyPath: path] }
    KeyCollector.current?.specs.append(key.spec)
    return key
  }
}
