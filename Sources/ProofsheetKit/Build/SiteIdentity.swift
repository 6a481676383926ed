import Foundation

extension SiteBuilder {
    /// A new site's gallery id: from where the library is and the gallery's title, so it
    /// does not change as photos are added, and a fresh build of the same library under
    /// the same title gets the same id (two galleries of one library with different titles
    /// are two galleries, with picks kept apart). A site keeps the id it has.
    static func galleryID(_ library: BytePath, title: String) -> String {
        let input = Array("proofsheet gallery\0".utf8) + library.bytes + [0] + Array(title.utf8)
        return String(ContentFingerprint(of: input).hex.prefix(12))
    }

    /// The ids of a version 1 site (from paths), kept beside the new ones so the page can
    /// carry picks stored under them over; once there, carried from build to build: to the
    /// photo at the same path, else to a photo with the same content whose old path is
    /// gone (it moved). Each photo's former ids go to one photo only — two identical photos
    /// that moved get one each, in order, and a copy of a photo still there gets none — so
    /// a pick under a former id finds one photo, and two picks never become one.
    static func carryFormerIDs(_ photos: inout [Manifest.Photo], from previous: Manifest?) {
        guard let previous else { return }
        let fromVersion1 = previous.version == 1
        let old = previous.photos
        guard fromVersion1 || old.indices.contains(where: { old[$0].formerIds != nil }) else { return }
        let here = Set(photos.map(\.pathKey))
        var byPath: [BytePath: [String]] = [:]
        // Of the photos whose path is gone, by content, in the previous build's order.
        var moved: [String: [[String]]] = [:]
        for index in old.indices {
            guard let former = fromVersion1 ? [old[index].id] : old[index].formerIds else { continue }
            let path = old[index].pathKey
            if here.contains(path) {
                byPath[path] = former
            } else if let fingerprint = old[index].fingerprint {
                moved[fingerprint, default: []].append(former)
            }
        }
        for index in photos.indices where photos[index].formerIds == nil {
            if let former = byPath[photos[index].pathKey] {
                photos[index].formerIds = former
            } else if let fingerprint = photos[index].fingerprint, let former = moved[fingerprint]?.first {
                photos[index].formerIds = former
                moved[fingerprint]?.removeFirst()
            }
        }
    }

    // MARK: Helpers

    /// An error about a file of the site, named as the user named the output folder
    /// (`Site/thumbs: no space left on device`).
    func shown(_ error: ProofsheetError, output: String) -> ProofsheetError {
        guard BytePath(error.path).isInside(BytePath(output)) else { return error }
        let rest = error.path.dropFirst(output.count).drop { $0 == "/" }
        let base = options.output.hasSuffix("/") ? String(options.output.dropLast()) : options.output
        return ProofsheetError(rest.isEmpty ? options.output : base + "/" + rest, error.reason)
    }

    /// `folder/name`, `folder` as the user gave it.
    static func joined(_ folder: String, _ name: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + name
    }

    static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standard = (absolute as NSString).standardizingPath
        // Resolve symlinks in the part that exists, so "inside the library" is judged truly.
        var existing = standard
        var rest: [String] = []
        while !FileSystem.exists(existing) && existing != "/" {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        let base = FileSystem.realPath(existing) ?? existing
        return rest.reduce(base) { ($0 as NSString).appendingPathComponent($1) }
    }

    static func exifWarning(_ path: String) -> ProofsheetError {
        ProofsheetError(path, "damaged EXIF data; showing what could be read")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
