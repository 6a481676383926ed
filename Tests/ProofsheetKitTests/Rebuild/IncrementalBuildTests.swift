import Foundation
import ProofsheetKit
import Testing

/// The site folder is the build cache: a rebuild decodes only what changed.
@Suite("Incremental builds")
struct IncrementalBuildTests {
    /// The site's image files with their modification times.
    static func imageFiles(_ site: String) -> [String: Int64] {
        var files: [String: Int64] = [:]
        for folder in ["thumbs", "previews"] {
            for name in FileSystem.contents(of: site + "/" + folder) {
                files[folder + "/" + name] = FileSystem.fileStatus(site + "/" + folder + "/" + name)?.mtime
            }
        }
        return files
    }

    static func images(of photo: Manifest.Photo) -> Set<String> {
        [photo.thumb.src, photo.thumb2x.src, photo.preview.src]
    }

    /// The images the manifest names are exactly the image files on disk.
    static func expectImagesMatchManifest(_ site: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let manifest = try readManifest(site)
        let named = manifest.photos.reduce(into: Set<String>()) { $0.formUnion(images(of: $1)) }
        #expect(named == Set(imageFiles(site).keys), sourceLocation: sourceLocation)
    }

    @Test("a rebuild with nothing changed decodes nothing and leaves every image untouched")
    func nothingChanged() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 5)
            let first = try await build(library, into: site)
            #expect(first.rendered == 5)
            let filesBefore = Self.imageFiles(site)
            let snapshotBefore = try snapshot(site)

            let second = try await build(library, into: site)
            #expect(second.rendered == 0)
            #expect(second.reused == 5)
            #expect(second.photos == 5)
            #expect(Self.imageFiles(site) == filesBefore)
            #expect(try snapshot(site) == snapshotBefore)
        }
    }

    @Test("a changed photo is redone alone, and its old images are deleted")
    func changedPhoto() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 4)
            _ = try await build(library, into: site)
            let before = try readManifest(site)
            let filesBefore = Self.imageFiles(site)

            // Another picture (a different size) under the same name.
            try TestPhoto.write(try LibraryFixtures.photo(99, width: 500, height: 500), to: library, "Album/IMG_2.jpg")
            let report = try await build(library, into: site)
            #expect(report.rendered == 1)
            #expect(report.reused == 3)

            let after = try readManifest(site)
            let old = try #require(before.photos.first { $0.path == "Album/IMG_2.jpg" })
            let new = try #require(after.photos.first { $0.path == "Album/IMG_2.jpg" })
            // Another content, another id; the image options are the same.
            #expect(new.fingerprint != old.fingerprint)
            let fingerprint = try #require(new.fingerprint)
            #expect(new.id != old.id && new.id == String(fingerprint.prefix(12)))
            #expect(new.key == old.key)
            #expect(new.width == 500 && new.height == 500)
            let filesAfter = Self.imageFiles(site)
            for src in Self.images(of: old) { #expect(filesAfter[src] == nil, "\(src) should be deleted") }
            for photo in before.photos where photo.path != old.path {
                for src in Self.images(of: photo) { #expect(filesAfter[src] == filesBefore[src], "\(src) was rewritten") }
            }
            try Self.expectImagesMatchManifest(site)
        }
    }

    @Test("an added photo is the only one decoded")
    func addedPhoto() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 3)
            _ = try await build(library, into: site)
            let filesBefore = Self.imageFiles(site)

            try TestPhoto.write(try LibraryFixtures.photo(7), to: library, "Album/New.jpg")
            let report = try await build(library, into: site)
            #expect(report.rendered == 1)
            #expect(report.reused == 3)
            #expect(report.photos == 4)
            let filesAfter = Self.imageFiles(site)
            #expect(filesAfter.count == filesBefore.count + 3)
            for (src, time) in filesBefore { #expect(filesAfter[src] == time, "\(src) was rewritten") }
            #expect(try readManifest(site).photos.contains { $0.path == "Album/New.jpg" })
            try Self.expectImagesMatchManifest(site)
        }
    }

    @Test("a removed photo decodes nothing, and its images are deleted")
    func removedPhoto() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 3)
            _ = try await build(library, into: site)
            let removed = try #require(try readManifest(site).photos.first { $0.path == "Album/IMG_1.jpg" })

            FileSystem.remove(library + "/Album/IMG_1.jpg")
            let report = try await build(library, into: site)
            #expect(report.rendered == 0)
            #expect(report.photos == 2)
            let files = Self.imageFiles(site)
            for src in Self.images(of: removed) { #expect(files[src] == nil, "\(src) should be deleted") }
            #expect(try !readManifest(site).photos.contains { $0.path == removed.path })
            #expect(try !readText(site + "/index.html").contains(removed.thumb.src))
            try Self.expectImagesMatchManifest(site)
        }
    }

    @Test(
        "changing an option that shapes images redoes them; others do not",
        arguments: [
            "thumb-size", "preview-size", "quality", "title",
        ])
    func optionChanges(option: String) async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 3)
            _ = try await build(library, into: site)
            let before = try readManifest(site)

            let report = try await build(library, into: site) { options in
                switch option {
                case "thumb-size": options.thumbSize = 200
                case "preview-size": options.previewSize = 320
                case "quality": options.quality = 60
                default: options.title = "Another title"
                }
            }
            let after = try readManifest(site)
            if option == "title" {
                #expect(report.rendered == 0)
                #expect(after.photos.map(\.key) == before.photos.map(\.key))
                #expect(after.title == "Another title")
            } else {
                #expect(report.rendered == 3)
                #expect(Set(after.photos.map(\.key)).isDisjoint(with: before.photos.map(\.key)))
                if option == "thumb-size" {
                    #expect(after.photos.allSatisfy { max($0.thumb.width, $0.thumb.height) == 200 })
                    #expect(after.photos.allSatisfy { max($0.thumb2x.width, $0.thumb2x.height) == 400 })
                }
                if option == "preview-size" {
                    #expect(after.photos.allSatisfy { max($0.preview.width, $0.preview.height) == 320 })
                }
            }
            try Self.expectImagesMatchManifest(site)
        }
    }

    @Test("the cache still works after the site and the library are moved")
    func movedSiteAndLibrary() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 3)
            _ = try await build(library, into: site)
            let gallery = try readManifest(site).gallery

            let movedLibrary = root + "/Elsewhere/Photos", movedSite = root + "/Published/Gallery"
            try FileSystem.createDirectory(root + "/Elsewhere")
            try FileSystem.createDirectory(root + "/Published")
            try FileManager.default.moveItem(atPath: library, toPath: movedLibrary)
            try FileManager.default.moveItem(atPath: site, toPath: movedSite)

            let report = try await build(movedLibrary, into: movedSite) { $0.title = "Library" }
            #expect(report.rendered == 0)
            #expect(report.reused == 3)
            #expect(try readManifest(movedSite).gallery == gallery)
            try Self.expectImagesMatchManifest(movedSite)
        }
    }

    @Test("a rebuild after the page's files were deleted by hand writes them again")
    func missingFilesAreRemade() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 3)
            _ = try await build(library, into: site)
            let photo = try #require(try readManifest(site).photos.first)
            FileSystem.remove(site + "/" + photo.thumb.src)
            FileSystem.remove(site + "/index.html")

            let report = try await build(library, into: site)
            #expect(report.rendered == 1)
            #expect(FileSystem.kind(of: site + "/index.html") == .file)
            #expect(FileSystem.kind(of: site + "/" + photo.thumb.src) == .file)
            try Self.expectImagesMatchManifest(site)
        }
    }
}
