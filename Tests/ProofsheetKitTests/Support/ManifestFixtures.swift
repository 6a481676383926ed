import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

/// A manifest with every field set.
enum ManifestFixtures {
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
}

/// A site made into one of version 1 (ids from paths).
enum VersionOneFixtures {
    /// Turns a built site into what version 1 wrote: path-based ids (`ids`, by path), no
    /// fingerprints, no library, no settings beyond version 1's, another gallery id.
    static func makeVersion1(_ site: String, ids: [String: String]) throws {
        var json = try #require(try JSONSerialization.jsonObject(with: Data(FileSystem.read(site + "/manifest.json"))) as? [String: Any])
        let options = try #require(json["options"] as? [String: Any])
        json["version"] = 1
        json["gallery"] = "0ld9a11e2y00"
        json["library"] = nil
        json["options"] = options.filter { ["limit", "sort", "thumbSize", "previewSize", "quality", "includeGPS"].contains($0.key) }
        json["photos"] = try (try #require(json["photos"] as? [[String: Any]])).map { photo in
            var photo = photo
            photo["id"] = try #require(ids[try #require(photo["path"] as? String)])
            photo["fingerprint"] = nil
            return photo
        }
        try FileSystem.writeAtomically(Array(try JSONSerialization.data(withJSONObject: json)), to: site + "/manifest.json")
    }
}

/// A library for the settings' suites, and options parsed as the CLI parses them.
enum SettingsFixtures {
    static func library(at path: String, count: Int = 3, prefix: String = "IMG") throws {
        for index in 0..<count {
            try TestPhoto.write(try LibraryFixtures.photo(index), to: path, "Album/\(prefix)_\(index).jpg")
        }
    }

    static func parse(_ words: [String]) throws -> BuildOptions {
        guard case .build(var options, _, _) = try ArgumentParser.parse(["build"] + words) else {
            throw ProofsheetError("", "not a build")
        }
        options.templates = templatesDirectory
        options.jobs = 2
        return options
    }
}
