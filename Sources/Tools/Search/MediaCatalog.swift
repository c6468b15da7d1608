import ToolboxCore

/// The API's documented parameter tables: which `entity` and `attribute` values each `media` accepts.
///
/// Source: Apple's "iTunes Search API" guide, Table 2-1 (entities) and the affiliate version's Table 2-2
/// (attributes). Two entities that Apple does not list but that public clients send and the API serves are
/// accepted too: `podcastEpisode` (podcast) and `desktopSoftware` (software, used by mas).
enum MediaCatalog {
  /// One media type with the entities and attributes it accepts.
  struct Media: Sendable {
    let name: String
    let entities: [String]
    let attributes: [String]

    /// The entities, sorted, for messages.
    var sortedEntities: [String] { entities.sorted() }
    /// The attributes, sorted, for messages.
    var sortedAttributes: [String] { attributes.sorted() }
  }

  /// Every media type, in the order the API documents them, `all` last.
  static let media: [Media] = [
    Media(
      name: "movie", entities: ["movie", "movieArtist"],
      attributes: [
        "actorTerm", "genreIndex", "artistTerm", "shortFilmTerm", "producerTerm", "ratingTerm",
        "directorTerm", "releaseYearTerm", "featureFilmTerm", "movieArtistTerm", "movieTerm",
        "ratingIndex", "descriptionTerm",
      ]),
    Media(
      name: "podcast", entities: ["podcast", "podcastAuthor", "podcastEpisode"],
      attributes: [
        "titleTerm", "languageTerm", "authorTerm", "genreIndex", "artistTerm", "ratingIndex",
        "keywordsTerm", "descriptionTerm",
      ]),
    Media(
      name: "music",
      entities: ["musicArtist", "musicTrack", "album", "musicVideo", "mix", "song"],
      attributes: [
        "mixTerm", "genreIndex", "artistTerm", "composerTerm", "albumTerm", "ratingIndex",
        "songTerm",
      ]),
    Media(
      name: "musicVideo", entities: ["musicVideo", "musicArtist"],
      attributes: ["genreIndex", "artistTerm", "albumTerm", "ratingIndex", "songTerm"]),
    Media(
      name: "audiobook", entities: ["audiobook", "audiobookAuthor"],
      attributes: ["titleTerm", "authorTerm", "genreIndex", "ratingIndex"]),
    Media(
      name: "shortFilm", entities: ["shortFilm", "shortFilmArtist"],
      attributes: ["genreIndex", "artistTerm", "shortFilmTerm", "ratingIndex", "descriptionTerm"]),
    Media(
      name: "tvShow", entities: ["tvEpisode", "tvSeason"],
      attributes: [
        "genreIndex", "tvEpisodeTerm", "showTerm", "tvSeasonTerm", "ratingIndex", "descriptionTerm",
      ]),
    Media(
      name: "software",
      entities: ["software", "iPadSoftware", "macSoftware", "desktopSoftware"],
      attributes: ["softwareDeveloper"]),
    Media(name: "ebook", entities: ["ebook"], attributes: []),
    Media(
      name: "all",
      entities: [
        "allTrack", "movie", "album", "allArtist", "podcast", "musicVideo", "mix", "audiobook",
        "tvSeason",
      ],
      attributes: [
        "actorTerm", "languageTerm", "allArtistTerm", "tvEpisodeTerm", "shortFilmTerm",
        "directorTerm",
        "releaseYearTerm", "titleTerm", "featureFilmTerm", "ratingIndex", "keywordsTerm",
        "descriptionTerm", "authorTerm", "genreIndex", "mixTerm", "allTrackTerm", "artistTerm",
        "composerTerm", "tvSeasonTerm", "producerTerm", "ratingTerm", "songTerm", "movieArtistTerm",
        "showTerm", "movieTerm", "albumTerm",
      ]),
  ]

  /// The media names, for `--media`.
  static let mediaNames = media.map { $0.name }

  /// Words people type for a media type (lower-cased), suggested when refused: `--media app` → software.
  static let mediaHints: [String: String] = [
    "app": "software", "apps": "software", "application": "software", "ios": "software",
    "book": "ebook", "books": "ebook", "ebooks": "ebook", "ibook": "ebook", "ibooks": "ebook",
    "song": "music", "songs": "music", "album": "music", "albums": "music", "track": "music",
    "film": "movie", "films": "movie", "movies": "movie", "tv": "tvShow", "show": "tvShow",
    "tvshows": "tvShow", "series": "tvShow", "video": "musicVideo", "videos": "musicVideo",
    "podcasts": "podcast", "audiobooks": "audiobook", "audio": "audiobook",
  ]

  /// Words people type for an entity (lower-cased), suggested when refused: `--entity app` → software.
  static let entityHints: [String: String] = [
    "app": "software", "apps": "software", "ipad": "iPadSoftware", "mac": "macSoftware",
    "songs": "song", "track": "musicTrack", "tracks": "musicTrack", "albums": "album",
    "artist": "musicArtist", "artists": "musicArtist", "book": "ebook", "books": "ebook",
    "movies": "movie", "film": "movie", "films": "movie",
  ]

  /// Every entity of any media, without duplicates, in table order (for `--entity` completions).
  static let allEntities: [String] = unique(media.flatMap { $0.entities })

  /// Every attribute of any media, without duplicates, in table order (for `--attribute` completions).
  static let allAttributes: [String] = unique(media.flatMap { $0.attributes })

  /// The media with the given name.
  static func media(named name: String) -> Media? {
    media.first { $0.name == name }
  }

  /// The media an `--entity` implies when `--media` is not given.
  ///
  /// The one media whose table holds the entity; `all` when several do and `all`'s table is among them;
  /// otherwise the first of them in table order (`musicArtist` → `music`, since `all` does not accept it).
  ///
  /// - Parameter entity: An entity name.
  /// - Returns: The media name, or `nil` if no table holds the entity.
  static func impliedMedia(forEntity entity: String) -> String? {
    let holders = media.filter { $0.entities.contains(entity) }.map { $0.name }
    guard let first = holders.first else { return nil }
    if holders.count == 1 { return first }
    return holders.contains("all") ? "all" : first
  }

  private static func unique(_ names: [String]) -> [String] {
    var seen = Set<String>()
    return names.filter { seen.insert($0).inserted }
  }

  // MARK: - Completion

  /// The entities of the `--media` already on the line (all of them without one).
  static let entityCompletion = Completion.dynamic { request in
    let names = request.value(of: "media").flatMap(media(named:))?.sortedEntities ?? allEntities
    return names.map { CompletionCandidate($0) }
  }

  /// The attributes of the `--media` already on the line (all of them without one).
  static let attributeCompletion = Completion.dynamic { request in
    let names =
      request.value(of: "media").flatMap(media(named:))?.sortedAttributes ?? allAttributes
    return names.map { CompletionCandidate($0) }
  }
}
