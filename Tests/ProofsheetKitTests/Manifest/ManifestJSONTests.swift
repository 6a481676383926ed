import Foundation
import ProofsheetKit
import Testing

/// The hand-written manifest codec writes what JSONEncoder writes and reads it back.
@Suite("Manifest JSON")
struct ManifestJSONTests {
    /// A manifest whose photo has every field set, with awkward text and numbers.
    static let fixture = #"""
        {
          "format": "proofsheet-manifest", "version": 2, "generator": "proofsheet 0.1.0", "gallery": "9f2c4e7a1b3d",
          "library": {"name": "Wedding", "key": "0123456789abcdef"}, "title": "Anna & Ben \"2026\"",
          "options": {"limit": 30, "sort": "name", "thumbSize": 300, "previewSize": 900, "quality": 70,
                      "excludes": ["Drafts", "*.tmp"], "includeGPS": true, "title": "Anna & Ben \"2026\""},
          "albums": [{"path": "Ceremony", "name": "Ceremony", "count": 2}],
          "photos": [
            {"id": "a41f09c2e3b1", "formerIds": ["0123456789ab", "aaaaaaaaaaa1"], "fingerprint": "a41f09c2e3b1a41f09c2e3b1a41f09c2",
             "path": "Ceremony/Caf\u00e9 \"quoted\" back\\slash/ctl\u0001\b\f\n\r\t\u001f del\u007f \ud83d\ude00.jpg",
             "pathBytes": "AAEC+vs=", "name": "n\u00e9", "album": "Ceremony", "format": "jpeg", "bytes": 3481220,
             "modified": -1796122712450988813, "width": 4032, "height": 3024, "date": "2026-05-01T10:00:00",
             "dateSource": "exif", "camera": "Canon EOS R5", "lens": "RF 50mm", "exposure": "1/250 s", "aperture": "f/2.8",
             "iso": 400, "focalLength": "50 mm", "description": "line one\nline two", "gps": {"latitude": 48.8583, "longitude": -0.0001},
             "key": "95681c11", "thumb": {"src": "thumbs/a-k.jpg", "width": 400, "height": 300},
             "thumb2x": {"src": "thumbs/a-k@2x.jpg", "width": 800, "height": 600},
             "preview": {"src": "previews/a-k.jpg", "width": 1600, "height": 1200}, "exifWarning": true,
             "warning": "damaged EXIF data; a colour profile \"odd\" was ignored",
             "companions": [{"kind": "raw", "path": "Ceremony/IMG.CR3", "pathBytes": "/w==", "bytes": 25000000},
                            {"kind": "video", "path": "Ceremony/IMG.MOV", "bytes": 1}]},
            {"id": "b41f09c2e3b1", "fingerprint": "b41f09c2e3b1a41f09c2e3b1a41f09c2", "path": "x.png", "name": "x.png",
             "album": "", "format": "png", "bytes": 1, "modified": 0, "width": 1, "height": 1, "date": "2026-05-01T10:00:00",
             "dateSource": "file", "key": "95681c11", "thumb": {"src": "t", "width": 1, "height": 1},
             "thumb2x": {"src": "t2", "width": 1, "height": 1}, "preview": {"src": "p", "width": 1, "height": 1},
             "gps": {"latitude": 1e-7, "longitude": 1e21}, "unknownField": [1, {"a": null}, "x"]}
          ],
          "problems": [{"path": "bad.jpg", "bytes": 4, "modified": 5, "key": "k", "reason": "not an image"}]
        }
        """#

    static func reference(_ manifest: Manifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(manifest))
    }

    @Test("the fixture sets every field of a photo, so a field the codec forgets fails this suite")
    func fixtureIsComplete() throws {
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(Self.fixture.utf8))
        let photo = try #require(manifest.photos.first)
        for child in Mirror(reflecting: photo).children {
            let value = Mirror(reflecting: child.value)
            #expect(!(value.displayStyle == .optional && value.children.isEmpty), "\(child.label ?? "?") is not set")
        }
    }

    @Test("it writes byte for byte what JSONEncoder writes with sorted keys")
    func encodes() throws {
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(Self.fixture.utf8))
        #expect(try ManifestJSON.encode(manifest) == Self.reference(manifest))
    }

    @Test("it reads what it writes, and what JSONEncoder writes, pretty-printed or not")
    func decodes() throws {
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(Self.fixture.utf8))
        #expect(try ManifestJSON.read(try ManifestJSON.encode(manifest)) == manifest)
        #expect(try ManifestJSON.read(Array(Self.fixture.utf8)) == manifest)
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.prettyPrinted]
        #expect(try ManifestJSON.read(Array(try pretty.encode(manifest))) == manifest)
    }

    @Test("what is not a manifest is nil, not a crash", arguments: ["", "{", "[]", "{\"photos\": [{]}", "null", "{\"photos\": 1}"])
    func notAManifest(text: String) {
        #expect(ManifestJSON.decode(Array(text.utf8)) == nil)
    }

    // Found by reading FuzzManifest's inputs: a damaged manifest opening 50,000 arrays
    // overflowed the stack of the reader, which recursed once a level.
    @Test("a damaged manifest nested thousands deep is refused, not a crash")
    func nestedDeep() {
        let deep = "{\"albums\":" + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000) + "}"
        #expect(throws: (any Error).self) { try ManifestJSON.read(Array(deep.utf8)) }
        #expect(ManifestJSON.decode(Array(deep.utf8)) == nil)
        #expect(ManifestJSON.settings(in: Array(deep.utf8)) == nil)
    }

    // Found by FuzzManifest's round trip: `1e999` read as infinity was written back as
    // `inf`, which no JSON reader takes, so the next build refused its own site.
    @Test("a number too big for a Double is refused, never written back as inf")
    func infinite() throws {
        let edited = Self.fixture.replacingOccurrences(of: "\"longitude\": 1e21", with: "\"longitude\": 1e999")
        #expect(edited != Self.fixture)
        #expect(throws: (any Error).self) { try ManifestJSON.read(Array(edited.utf8)) }
        if let manifest = ManifestJSON.decode(Array(edited.utf8)) {
            #expect(manifest.photos.allSatisfy { $0.gps.map { $0.latitude.isFinite && $0.longitude.isFinite } ?? true })
            #expect(try ManifestJSON.read(try ManifestJSON.encode(manifest)) == manifest)
        }
    }
}
