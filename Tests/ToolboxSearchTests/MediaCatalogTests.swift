import Testing

@testable import ToolboxSearch

@Suite struct MediaCatalogTests {
  @Test func `media names follow the API's table`() {
    #expect(
      MediaCatalog.mediaNames == [
        "movie", "podcast", "music", "musicVideo", "audiobook", "shortFilm", "tvShow", "software",
        "ebook", "all",
      ])
  }

  @Test(arguments: [
    ("movie", ["movie", "movieArtist"]),
    ("podcast", ["podcast", "podcastAuthor", "podcastEpisode"]),
    ("music", ["album", "mix", "musicArtist", "musicTrack", "musicVideo", "song"]),
    ("musicVideo", ["musicArtist", "musicVideo"]),
    ("audiobook", ["audiobook", "audiobookAuthor"]),
    ("shortFilm", ["shortFilm", "shortFilmArtist"]),
    ("tvShow", ["tvEpisode", "tvSeason"]),
    ("software", ["desktopSoftware", "iPadSoftware", "macSoftware", "software"]),
    ("ebook", ["ebook"]),
    (
      "all",
      [
        "album", "allArtist", "allTrack", "audiobook", "mix", "movie", "musicVideo", "podcast",
        "tvSeason",
      ]
    ),
  ])
  func `entities per media`(media: String, entities: [String]) {
    #expect(MediaCatalog.media(named: media)?.sortedEntities == entities)
  }

  @Test func `attribute tables`() {
    #expect(MediaCatalog.media(named: "software")?.attributes == ["softwareDeveloper"])
    #expect(MediaCatalog.media(named: "ebook")?.attributes == [])
    #expect(MediaCatalog.media(named: "all")?.attributes.count == 26)
    #expect(MediaCatalog.media(named: "movie")?.attributes.count == 13)
    #expect(MediaCatalog.media(named: "music")?.attributes.contains("musicTrackTerm") == false)
    #expect(MediaCatalog.allAttributes.count == Set(MediaCatalog.allAttributes).count)
    #expect(MediaCatalog.allEntities.count == Set(MediaCatalog.allEntities).count)
  }

  @Test(arguments: [
    ("song", "music"), ("musicTrack", "music"), ("musicArtist", "music"), ("movieArtist", "movie"),
    ("movie", "all"), ("album", "all"), ("musicVideo", "all"), ("podcast", "all"),
    ("podcastEpisode", "podcast"), ("allTrack", "all"), ("allArtist", "all"),
    ("software", "software"),
    ("iPadSoftware", "software"), ("ebook", "ebook"), ("tvEpisode", "tvShow"), ("tvSeason", "all"),
    ("audiobookAuthor", "audiobook"), ("shortFilm", "shortFilm"),
  ])
  func `an entity implies its media`(entity: String, media: String) {
    #expect(MediaCatalog.impliedMedia(forEntity: entity) == media)
  }

  @Test func `every implied media accepts its entity`() {
    for entity in MediaCatalog.allEntities {
      let media = MediaCatalog.impliedMedia(forEntity: entity).flatMap(MediaCatalog.media(named:))
      #expect(media?.entities.contains(entity) == true, "\(entity)")
    }
    #expect(MediaCatalog.impliedMedia(forEntity: "nonsense") == nil)
  }
}
