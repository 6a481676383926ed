import Foundation

/// Builds the gallery site as a list of named steps, each in the file named for it:
/// check the library and the output (`SiteChecks`) → load the previous site and this
/// build's settings → scan the library → plan (`BuildPlan`: reuse what the previous build
/// made, list the photos to render) → render (`RenderContext`: read, fingerprint, decode
/// and render, concurrently) → assemble the manifest in a stable order (`PhotoOrder`,
/// `PhotoIDs`) → write (`SiteWriter`: the page, the manifest, then the cleanup) → report.
/// What one step makes the next is a value (`BuildSteps`), handed along.
///
/// The previous site stays exactly as it was until the new one is complete: images are
/// written under new names (their content's fingerprint and the image options), the
/// manifest and the page are staged in full and only then renamed into place, and only
/// after that are the files nothing refers to any more deleted. A killed build leaves the
/// old page working; a build that cannot write (a full disk, a read-only folder) fails
/// with one line and removes what it wrote. The next build starts from the last complete
/// one, and deletes what a killed one left behind.
///
/// `manifest.json` is also the cache: a photo whose file (size and time) and image
/// options are unchanged, and whose images exist, is not read again. `.proofsheet-cache`
/// (`BuildCache`) says what the build must know of each photo to tell that, so the
/// manifest's photos are decoded only when something changed; when nothing at all changed,
/// no photo is decoded and the page is not rendered again (see `SiteWriter.pageMark`).
public struct SiteBuilder: Sendable {
    public var options: BuildOptions
    /// `K/N` when the output folder is written as a part of a build split in shares (the
    /// marker says so, `SiteMarker.shard`); nil for a site.
    var shard: String?

    public init(options: BuildOptions) {
        self.options = options
    }

    public func build(progress: (BuildProgress) -> Void = { _ in }) async throws -> BuildReport {
        do {
            return try await build(progress: progress, readingCache: true)
        } catch is UntrueCache {
            // Found when the photos were decoded, after the plan was made from the cache:
            // done again without it, which costs the time and one warning, never a wrong site.
            return try await build(progress: progress, readingCache: false)
        }
    }

    /// `.proofsheet-cache` whole (its checksum holds) but not true of the manifest's photos.
    struct UntrueCache: Error {}

    /// `AlbumRebuild`, a record found untrue thrown as `UntrueCache`.
    static func albumRebuild(
        previous: PreviousSite, reused: [Int], changed: [Int: Manifest.Photo], fresh: [Manifest.Photo], sort: PhotoSort,
        libraryName: String
    ) throws -> AlbumRebuild? {
        do throws(AlbumRebuild.Untrue) {
            return try AlbumRebuild(
                previous: previous, reused: reused, changed: changed, fresh: fresh, sort: sort, libraryName: libraryName)
        } catch {
            throw UntrueCache()
        }
    }

    private func build(progress: (BuildProgress) -> Void, readingCache: Bool) async throws -> BuildReport {
        let start = ContinuousClock.now
        let checked = try check()
        let output = checked.output
        do {
            let templates = try loadTemplates()
            // The previous manifest (tens of MB for a big library) is read while the library
            // is walked, and the site's images listed: jobs that need not wait for each other.
            // The walk needs only the stored settings (the excludes), read from the manifest's
            // first bytes. With --replace, nothing of the site there is kept but what the
            // cleanup removes.
            let found = checked.found
            let previousFound = !options.replace && found.manifestPath != nil
            async let loading =
                previousFound
                ? found.read(cache: readingCache).flatMap { PreviousSite(bytes: $0.manifest, cache: $0.cache, journal: $0.journal) } : nil
            async let listingImages = BuildPlan.imageFiles(in: output)
            // And the page files the previous build wrote are read and checked (a rebuild
            // keeps only whole ones), beside the walk rather than after it.
            async let checkingPages = previousFound ? PageFileStates(checking: output) : PageFileStates()
            var (scanner, listing) = try walk(checked)

            var loaded = try loadPrevious(checked, previous: await loading, previousFound: previousFound)
            let scanned = try scan(checked, loaded, scanner: &scanner, listing: listing)
            var run = try plan(checked, loaded, scanned, existingImages: await listingImages, readingCache: readingCache)
            await render(&run, checked, loaded, start: start, progress: progress)
            do {
                if let fatal = run.fatal { throw fatal }
                run.warnings.sort { ByteOrder.less($0.path, $1.path) }
                run.failures.sort { ByteOrder.less($0.path, $1.path) }
                let writer = Self.writer(output: output, templates: templates, loaded, pageStates: await checkingPages)
                if let written = try writeUnchanged(run, checked, loaded, writer: writer) {
                    return report(written, run: &run, checked, loaded, scanned, start: start)
                }
                if let written = try writeByAlbum(&run, checked, loaded, writer: writer) {
                    return report(written, run: &run, checked, loaded, scanned, start: start)
                }
                let written = try await writeWhole(&run, checked, &loaded, writer: writer)
                return report(written, run: &run, checked, loaded, scanned, start: start)
            } catch {
                // The published site is as it was: take away what this build added.
                SiteFolder.remove(paths: run.written, of: output)
                throw error
            }
        } catch let error as ProofsheetError {
            throw shown(error, output: output)
        }
    }
}
