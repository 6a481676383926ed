import Foundation
import ProofsheetKit
import Testing

/// The built program, and a site checked whole: for the suites that build sites.
enum SiteFixtures {
    /// Relative paths of the site's files that `index.html` refers to.
    static func references(inPageOf site: String) throws -> Set<String> {
        let page = try readText(site + "/index.html")
        var found = Set<String>()
        for attribute in ["src=\"", "href=\"", "data-preview=\"", "srcset=\""] {
            var rest = Substring(page)
            while let start = rest.range(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                for part in rest[..<end].split(separator: ",") {
                    let url = part.split(separator: " ").first.map(String.init) ?? ""
                    if url.hasPrefix("thumbs/") || url.hasPrefix("previews/") || url.hasPrefix("assets/") {
                        found.insert(url)
                    }
                }
                rest = rest[end...]
            }
        }
        // The embedded manifest names every image too.
        for photo in try readManifest(site).photos {
            found.formUnion([photo.thumb.src, photo.thumb2x.src, photo.preview.src])
        }
        // And the stylesheet its files (the display face), relative to assets/.
        for sheet in found where sheet.hasSuffix(".css") {
            var rest = Substring(try readText(site + "/" + sheet))
            while let start = rest.range(of: "url(\"") {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                if !rest[..<end].hasPrefix("data:") { found.insert("assets/" + rest[..<end]) }
                rest = rest[end...]
            }
        }
        return found
    }

    /// The `proofsheet` executable built beside the test bundle, if it was built.
    static var executable: String? {
        let directories = [
            Bundle.main.executablePath.map { ($0 as NSString).deletingLastPathComponent },
            (CommandLine.arguments.first.flatMap(FileSystem.realPath)).map { ($0 as NSString).deletingLastPathComponent },
        ].compactMap { $0 }
        for directory in directories {
            // The bundle may be a folder (…/x.xctest/Contents/MacOS) or a file beside the products.
            var candidate = directory
            for _ in 0..<4 {
                if FileSystem.kind(of: candidate + "/proofsheet") == .file, access(candidate + "/proofsheet", X_OK) == 0 {
                    return candidate + "/proofsheet"
                }
                candidate = (candidate as NSString).deletingLastPathComponent
            }
        }
        return nil
    }

    static func expectWhole(_ site: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let references = try references(inPageOf: site)
        #expect(!references.isEmpty, sourceLocation: sourceLocation)
        for path in references {
            #expect(FileSystem.kind(of: site + "/" + path) == .file, "\(path) is missing", sourceLocation: sourceLocation)
        }
    }
}

/// Small libraries of real JPEGs, each photo different.
enum LibraryFixtures {
    /// A library of `count` distinct photos, `Album/IMG_n.jpg`.
    static func makeLibrary(at library: String, count: Int) throws {
        for index in 0..<count {
            try TestPhoto.write(try photo(index), to: library, "Album/IMG_\(index).jpg")
        }
    }

    /// Photo `index`: the test quadrants, made distinct by a description.
    static func photo(_ index: Int, width: Int = 640, height: Int = 480) throws -> [UInt8] {
        var exif = ExifWriter()
        exif.description = "photo \(index)"
        exif.dateTaken = "2026-05-0\(1 + index % 9)T10:00:00"
        return try TestPhoto.jpeg(width: width, height: height, exif: exif)
    }
}
