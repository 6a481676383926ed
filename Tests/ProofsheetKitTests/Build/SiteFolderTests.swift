import Foundation
import Testing

@testable import ProofsheetKit

/// A site folder is often shared, or made by someone else: a build writes only into its
/// own real folders, and deletes only the names it makes.
@Suite("The site folder: symlinks refused, only the build's own names deleted")
struct SiteFolderTests {
    /// A library of `count` small photos, `IMG_0.jpg`…, one album.
    static func library(_ root: String, count: Int) throws -> String {
        let library = root + "/Library"
        for index in 0..<count {
            var exif = ExifWriter()
            exif.description = "photo \(index)"
            try TestPhoto.write(try TestPhoto.jpeg(width: 300, height: 200, exif: exif), to: library, "IMG_\(index).jpg")
        }
        return library
    }

    /// A user's folder with a document and a copy of what was in the site's `folder`, as
    /// someone moving a site folder into a synced one would leave it.
    static func usersFolder(_ root: String, copying site: String, _ folder: String) throws -> String {
        let documents = root + "/Documents"
        try FileManager.default.copyItem(atPath: site + "/" + folder, toPath: documents)
        try FileSystem.writeAtomically(Array("my notes".utf8), to: documents + "/notes.txt")
        try FileSystem.writeAtomically(Array("not an image".utf8), to: documents + "/holiday.jpg")
        return documents
    }

    @Test("a site folder that is a symlink is refused in one line, and nothing is written or deleted", arguments: SiteFolder.folders)
    func symlinkedFolder(_ folder: String) async throws {
        try await withTemporaryDirectory { root in
            let library = try Self.library(root, count: 3)
            let site = root + "/Site"
            _ = try await build(library, into: site)
            // Site/data is made only by a gallery whose page holds a search index or
            // chunks; a symlink to a folder is what is tested, whatever it held.
            if !FileSystem.isDirectory(site + "/" + folder) { try FileSystem.createDirectory(site + "/" + folder) }
            let documents = try Self.usersFolder(root, copying: site, folder)
            FileSystem.remove(site + "/" + folder)
            #expect(symlink(documents, site + "/" + folder) == 0)
            // A photo more: a rebuild that writes images and page files, then cleans up.
            var exif = ExifWriter()
            exif.description = "new"
            try TestPhoto.write(try TestPhoto.jpeg(width: 300, height: 200, exif: exif), to: library, "IMG_new.jpg")
            let siteBefore = try snapshot(site), documentsBefore = try snapshot(documents)

            let error = try await #require(throws: ProofsheetError.self) { try await build(library, into: site) }
            #expect(error.path == site + "/" + folder)
            #expect(error.reason.hasPrefix("is a symlink; a site's own folders and files must be real ones"))
            #expect(!error.description.contains("\n"))
            #expect(try snapshot(documents) == documentsBefore)
            #expect(try snapshot(site) == siteBefore)
        }
    }

    @Test(
        "a file the build replaces that is a symlink is refused",
        arguments: ["index.html", "manifest.json", ".proofsheet-cache", ".proofsheet-cache-journal"])
    func symlinkedFile(_ name: String) async throws {
        try await withTemporaryDirectory { root in
            let library = try Self.library(root, count: 2)
            let site = root + "/Site"
            _ = try await build(library, into: site)
            let elsewhere = root + "/elsewhere-" + name
            // A small site has no journal (its cache is written whole): one made up.
            if FileSystem.exists(site + "/" + name) {
                try FileManager.default.moveItem(atPath: site + "/" + name, toPath: elsewhere)
            } else {
                try FileSystem.writeAtomically(Array("a journal".utf8), to: elsewhere)
            }
            #expect(symlink(elsewhere, site + "/" + name) == 0)
            let before = try FileSystem.read(elsewhere)
            try FileSystem.writeAtomically(try TestPhoto.jpeg(width: 200, height: 300), to: library + "/IMG_new.jpg")

            let error = try await #require(throws: ProofsheetError.self) { try await build(library, into: site) }
            #expect(error.path == site + "/" + name)
            #expect(error.reason.hasPrefix("is a symlink"))
            #expect(FileSystem.kind(of: site + "/" + name) == .symlink)
            #expect(try FileSystem.read(elsewhere) == before)
        }
    }

    @Test("a rebuild deletes its own stale images and page files, and nothing else in the site's folders")
    func foreignFilesKept() async throws {
        try await withTemporaryDirectory { root in
            let library = try Self.library(root, count: 3)
            let site = root + "/Site"
            _ = try await build(library, into: site)
            let removed = try #require(try readManifest(site).photos.first { $0.name == "IMG_0.jpg" })
            let foreign = [
                "thumbs/holiday.jpg", "thumbs/notes.txt", "previews/IMG_0042.jpg", "data/readme.js", "albums/mine.html",
                "assets/logo.png", "assets/proofsheet-custom.css", ".notes.tmp-abcdef", "thumbs/.holiday.jpg.tmp-ABC123",
                // Near misses of the build's names: upper-case, another suffix.
                "thumbs/" + removed.thumb.src.dropFirst(7).uppercased(), removed.thumb.src + ".bak",
            ]
            for path in foreign {
                try FileSystem.createDirectory(((site + "/" + path) as NSString).deletingLastPathComponent)
                try FileSystem.writeAtomically(Array("the user's \(path)".utf8), to: site + "/" + path)
            }
            // A folder named like an image is never deleted either.
            let folderNamedLikeAnImage = site + "/thumbs/" + String(repeating: "a", count: 32) + "-0123abcd.jpg"
            try FileSystem.createDirectory(folderNamedLikeAnImage)
            // What a killed build leaves: a temporary image, which the next build deletes.
            let leftover = site + "/thumbs/." + removed.thumb.src.dropFirst(7) + ".tmp-Xy12Z9"
            try FileSystem.writeAtomically(Array("half an image".utf8), to: leftover)

            FileSystem.remove(library + "/IMG_0.jpg")
            try FileSystem.writeAtomically(try TestPhoto.jpeg(width: 200, height: 300), to: library + "/IMG_new.jpg")
            _ = try await build(library, into: site)

            for path in foreign {
                #expect(try FileSystem.read(site + "/" + path) == Array("the user's \(path)".utf8), "\(path) was deleted")
            }
            #expect(FileSystem.isDirectory(folderNamedLikeAnImage))
            for src in [removed.thumb.src, removed.thumb2x.src, removed.preview.src] {
                #expect(!FileSystem.exists(site + "/" + src), "\(src) of the removed photo is still there")
            }
            #expect(!FileSystem.exists(leftover))
            try SiteFixtures.expectWhole(site)
        }
    }

    @Test(
        "the names a build makes, and near misses that are not",
        arguments: [
            ("thumbs", "0123456789abcdef0123456789abcdef-89abcdef.jpg", true),
            ("thumbs", "0123456789abcdef0123456789abcdef-89abcdef@2x.jpg", true),
            ("thumbs", "0123456789ab-89abcdef.jpg", true),
            ("thumbs", ".0123456789abcdef0123456789abcdef-89abcdef.jpg.tmp-aZ09xy", true),
            ("thumbs", "0123456789ABCDEF0123456789abcdef-89abcdef.jpg", false),
            ("thumbs", "0123456789abcdef0123456789abcdef-89abcde.jpg", false),
            ("thumbs", "0123456789abcdef0123456789abcdef-89abcdef.jpeg", false),
            ("thumbs", "0123456789abcdef0123456789abcdef0-89abcdef.jpg", false),
            ("thumbs", ".0123456789abcdef0123456789abcdef-89abcdef.jpg.tmp-aZ09x", false),
            ("thumbs", "IMG_0042.jpg", false),
            ("previews", "0123456789abcdef0123456789abcdef-89abcdef.jpg", true),
            ("previews", "0123456789abcdef0123456789abcdef-89abcdef@2x.jpg", false),
            ("data", "c-0123456789abcdef.js", true),
            ("data", "s-0123456789abcdef.js", true),
            ("data", "x-0123456789abcdef.js", false),
            ("data", "c-0123456789abcdef.js.orig", false),
            ("albums", "album-0123abcd.html", true),
            ("albums", "album-0123abcd-2.html", true),
            ("albums", "album-0123abcd-17.html", true),
            ("albums", "album-0123abcd-1.html", false),
            ("albums", "album-0123abcd-02.html", false),
            ("albums", "mine.html", false),
            ("assets", "proofsheet-0123abcd.css", true),
            ("assets", "proofsheet-0123abcd.js", true),
            ("assets", "proofsheet-0123abcd.png", false),
            ("assets", "logo.png", false),
            ("", "index.html", true),
            ("", "..proofsheet-cache.tmp-Ab12Cd", true),
            ("", ".index.html.tmp-Ab12Cd", true),
            ("", "README.md", false),
            ("", ".notes.tmp-Ab12Cd", false),
        ])
    func names(_ folder: String, _ name: String, _ made: Bool) {
        #expect(SiteFolder.isMade(name, in: folder) == made)
    }
}
