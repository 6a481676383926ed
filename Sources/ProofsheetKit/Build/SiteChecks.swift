import Foundation

extension SiteBuilder {
    /// The step that comes first: the library and the output folder, before anything is read.
    struct Checked: Sendable {
        var library: BytePath
        var identity: Manifest.LibraryIdentity
        var output: String
        var found: FoundSite
    }

    func check() throws -> Checked {
        let library = try checkedLibrary()
        let identity = Manifest.LibraryIdentity(of: library)
        let (output, found) = try checkedOutput(library: library)
        if shard == nil, let part = found.marker?.shard {
            // Its part.json would go on naming a manifest this build replaced.
            throw ProofsheetError(
                options.output,
                "is a part of a sharded build (shard \(part)), not a site; join the parts with proofsheet join, or build into another folder"
            )
        }
        return Checked(library: library, identity: identity, output: output, found: found)
    }

    func checkedLibrary() throws -> BytePath {
        guard FileSystem.exists(options.library) else { throw ProofsheetError(options.library, "no such folder") }
        guard FileSystem.isDirectory(options.library), let real = FileSystem.realPath(BytePath(options.library)) else {
            throw ProofsheetError(options.library, "not a folder")
        }
        return real
    }

    /// What is in the output folder already.
    struct ExistingSite {
        /// A complete site: its manifest is the build cache.
        var previous: PreviousSite?
        /// Written first by every build (absent in sites of older versions).
        var marker: SiteMarker?

    }

    /// What the output folder holds before the build: a manifest (the build cache) and its
    /// settings, a `.proofsheet-cache`, and its marker.
    struct FoundSite {
        /// The settings stored in the manifest (read from its first bytes, without its
        /// photos), when there is a manifest this version reads; none after an interrupted
        /// first build, which is carried on as a first build.
        var storedSettings: SiteSettings?
        /// `manifest.json` (when `storedSettings` were found in it), and `.proofsheet-cache`
        /// when there is one: read whole by `read`.
        var manifestPath: String?
        var cachePath: String?
        var journalPath: String?
        /// The manifest's bytes when its first read took them all.
        var manifestBytes: [UInt8]?
        var marker: SiteMarker?

        /// The first bytes of `manifest.json` read: its settings are there, before its photos.
        static let settingsPrefix = 64 * 1024

        /// The manifest's bytes (read once: tens of MB for a big gallery, read beside the
        /// walk), and the cache's when `cache`; nil when there is no manifest or it cannot
        /// be read.
        func read(cache: Bool) -> (manifest: [UInt8], cache: [UInt8]?, journal: [UInt8]?)? {
            guard let manifestPath, let bytes = manifestBytes ?? (try? ManifestFile.read(manifestPath)) else { return nil }
            // A cache that cannot be read (a FIFO, one larger than its manifest) is none
            // (no bytes), so the rebuild says so in one line and writes it anew.
            func read(_ path: String?) -> [UInt8]? {
                cache ? path.map { (try? ManifestFile.readCache($0, manifestLength: bytes.count)) ?? [] } : nil
            }
            return (bytes, read(cachePath), read(journalPath))
        }
    }

    /// The output folder as an absolute path, after checking it is safe to write, and the
    /// site already there, if any. (`join` has no library at hand: nil.)
    func checkedOutput(library: BytePath?) throws -> (String, FoundSite) {
        let output = Self.resolved(options.output)
        let outputPath = BytePath(output)
        if let library, outputPath.isInside(library) {
            throw ProofsheetError(options.output, "the output folder is inside the library; choose one outside it")
        }
        if let library, library.isInside(outputPath) {
            throw ProofsheetError(options.output, "the output folder contains the library; choose another one")
        }
        switch FileSystem.kind(of: output) {
        case nil: return (output, FoundSite())
        case .directory?:
            // Before a file of it is read: a FIFO named manifest.json would hold the read.
            try SiteFolder.check(output, shown: options.output)
            let names = FileSystem.contents(of: output)
            var site = FoundSite(marker: names.contains(SiteMarker.fileName) ? SiteMarker.read(in: output) : nil)
            let manifestPath = output + "/manifest.json"
            if names.contains("manifest.json"), let head = try? ManifestFile.readPrefix(manifestPath, count: FoundSite.settingsPrefix) {
                var bytes = head.count < FoundSite.settingsPrefix ? head : nil
                var settings = ManifestJSON.settings(in: head)
                // Settings beyond the first bytes (a gallery of thousands of albums): read whole.
                if settings == nil, bytes == nil, let all = try? ManifestFile.read(manifestPath) {
                    bytes = all
                    settings = ManifestJSON.settings(in: all)
                }
                if let settings {
                    site.storedSettings = settings
                    site.manifestPath = manifestPath
                    site.manifestBytes = bytes
                    if names.contains(BuildCache.fileName) { site.cachePath = output + "/" + BuildCache.fileName }
                    if names.contains(BuildCache.journalName) { site.journalPath = output + "/" + BuildCache.journalName }
                }
            }
            // A fresh folder may hold a README or dotfiles (the repository's Site/ does).
            let onlyNotes = names.allSatisfy { $0.hasPrefix(".") || $0.lowercased().hasPrefix("readme") }
            guard site.manifestPath != nil || site.marker != nil || onlyNotes else {
                throw ProofsheetError(
                    options.output, "the folder is not empty and is not a proofsheet site; choose an empty or new folder")
            }
            guard access(output, W_OK) == 0 else { throw ProofsheetError(options.output, "the folder is not writable") }
            return (output, site)
        default:
            throw ProofsheetError(options.output, "is a file, not a folder")
        }
    }

    /// Refuses to build one library into the site of another (a moved library is the
    /// same: most of the site's photos are in it, at the same paths and sizes).
    func checkSameLibrary(_ identity: Manifest.LibraryIdentity, scan: LibraryScanner.Result, site: ExistingSite) throws {
        let theirs = site.previous?.head.library ?? site.marker?.library
        if theirs?.key == identity.key { return }
        if let previous = site.previous {
            let manifest = previous.head, cached = previous.cache
            let here = Dictionary(scan.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
            let found = cached.photos.count { here[cached.path($0)] == $0.bytes }
            if !cached.photos.isEmpty && found * 2 > cached.photos.count { return }
            let count = cached.photos.count == 1 ? "1 photo" : "\(cached.photos.count) photos"
            let name = theirs?.name ?? manifest.title
            throw ProofsheetError(
                options.output,
                "this is the gallery \"\(manifest.title)\" of another library ('\(name)', \(count), gallery \(manifest.gallery)); "
                    + "pass --replace to build '\(identity.name)' here instead")
        }
        if let theirs {
            throw ProofsheetError(
                options.output,
                "an interrupted first build of another library ('\(theirs.name)') is here; "
                    + "pass --replace to build '\(identity.name)' here instead")
        }
    }

    /// Refuses settings that fail their option's check (`SettingCheck`), in one line: one
    /// the site stored (a hand-edited or hostile manifest) names the field and the file,
    /// and the option that sets it anew; one given names the option.
    func checkSettings(_ settings: SiteSettings, stored: Bool) throws {
        guard let (key, option, reason) = settings.problem() else { return }
        if !stored || options.given.contains(key) { throw ProofsheetError(options.output, "--\(option) \(reason)") }
        throw ProofsheetError(
            Self.joined(options.output, "manifest.json"),
            "its setting \"\(key)\" \(reason); give --\(option) to set it anew, or fix the file")
    }

    func loadTemplates() throws -> TemplateSet {
        guard let directory = options.templates ?? TemplateSet.locateDefault() else {
            throw ProofsheetError("Templates", "cannot find the page templates; pass --templates DIR")
        }
        guard FileSystem.isDirectory(directory) else { throw ProofsheetError(directory, "no such templates folder") }
        let templates = try TemplateSet(directory: directory)
        try PageRenderer.checkPlaceholders(templates)
        return templates
    }
}
