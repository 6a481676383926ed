import Foundation

/// What the previous build left: its manifest's bytes and everything but its photos
/// (`head`), and what a rebuild must know of each photo (`cache`), read from
/// `.proofsheet-cache` when that describes these bytes — then the photos themselves are
/// decoded only when the build needs them: one at a time, or all at once when something
/// changed (`decodeAll`). Without a usable cache they are decoded at once, as before
/// there was one, and the cache is made from them.
struct PreviousSite: Sendable {
    /// The manifest without its photos (their count is `cache.photos.count`).
    var head: Manifest
    var cache: BuildCache
    /// The first 16 hex digits of the manifest's fingerprint (the page's mark names it).
    var digest: String
    /// The bytes of `manifest.json`: a photo is decoded from there, and what the build
    /// copies for a photo that is unchanged.
    var bytes: [UInt8]
    /// Where each photo's path is in the manifest's photos.
    var index: [BytePath: Int]
    /// The photos, once decoded.
    private(set) var photos: [Manifest.Photo]?
    /// The cache file in the site is `cache` (nothing to write).
    var cacheCurrent: Bool
    /// Why the cache file in the site could not be used, when it is damaged.
    var cacheProblem: String?

    /// From the bytes of `manifest.json` and of the cache file and its journal, if any; nil
    /// when the manifest is not one this version reads.
    init?(bytes: [UInt8], cache cacheBytes: [UInt8]?, journal: [UInt8]? = nil) {
        let fingerprint = ContentFingerprint(of: bytes).hex
        var found: BuildCache?
        var problem: String?
        if let cacheBytes {
            do throws(BuildCache.Damaged) {
                var cache = try BuildCache(decoding: cacheBytes, manifestLength: bytes.count)
                // A journal of another base or manifest (a build killed midway) is passed over.
                if let journal, cache.manifestFingerprint != fingerprint {
                    do throws(BuildCache.Damaged) {
                        if let next = try cache.applying(journal: journal, manifestLength: bytes.count) { cache = next }
                    } catch {
                        throw BuildCache.Damaged(reason: "its journal is \(error.reason)")
                    }
                }
                // Out of date (a manifest written since, by an interrupted build or an older
                // proofsheet): passed over in silence, as a missing one.
                if cache.manifestFingerprint == fingerprint && !cache.photosArray.isEmpty { found = cache }
            } catch {
                problem = error.reason
            }
        }
        if let cache = found, let head = Self.head(bytes, photosArray: cache.photosArray) {
            self.head = head
            self.cache = cache
            photos = nil
            cacheCurrent = true
        } else {
            guard let (manifest, ranges, photosArray) = Self.decodeManifest(bytes) else { return nil }
            head = manifest
            head.photos = []
            cache = BuildCache(manifest: manifest, fingerprint: fingerprint, ranges: ranges, photosArray: photosArray)
            photos = manifest.photos
            cacheCurrent = false
        }
        cacheProblem = problem
        self.bytes = bytes
        digest = String(fingerprint.prefix(16))
        index = [:]
        index.reserveCapacity(cache.photos.count)
        for position in cache.photos.indices { index[cache.path(cache.photos[position])] = position }
    }

    /// The manifest, photos and all: `decodeAll` first.
    var manifest: Manifest {
        var manifest = head
        manifest.photos = photos ?? []
        return manifest
    }

    /// Decodes every photo (what a build that changes anything needs), once; false when
    /// one is not what its record in the cache says (`photo(at:)`). The records are where
    /// the cache says, so they are decoded in parts on every core.
    mutating func decodeAll() async -> Bool {
        guard photos == nil else { return true }
        let count = cache.photos.count
        let parts = count < 10_000 ? 1 : max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))
        let site = self
        let decoded = await withTaskGroup(of: (Int, [Manifest.Photo]?).self) { group in
            for part in 0..<parts {
                group.addTask { (part, site.decode(count * part / parts..<count * (part + 1) / parts)) }
            }
            var pieces = [[Manifest.Photo]?](repeating: nil, count: parts)
            for await (part, photos) in group { pieces[part] = photos }
            return pieces
        }
        if decoded.allSatisfy({ $0 != nil }) {
            photos = decoded.flatMap { $0! }
            return true
        }
        // The checksum held, yet a record is not its photo: the build judged the photos by
        // records that are not true, so it must be done again without them.
        return false
    }

    /// The photos at these positions, or nil when one cannot be read.
    private func decode(_ positions: Range<Int>) -> [Manifest.Photo]? {
        var photos: [Manifest.Photo] = []
        photos.reserveCapacity(positions.count)
        for position in positions {
            guard let photo = photo(at: position) else { return nil }
            photos.append(photo)
        }
        return photos
    }

    /// The photo at this position; nil when its bytes in the manifest are not one photo
    /// whole, or not the photo its record describes (a cache whose checksum holds that
    /// was made by hand or by a bug: its bytes would be copied into the next manifest).
    func photo(at position: Int) -> Manifest.Photo? {
        if let photos { return photos[position] }
        let range = cache.photos[position].json
        let photo = try? bytes.withUnsafeBufferPointer { buffer -> Manifest.Photo? in
            var reader = JSONReader(UnsafeBufferPointer(rebasing: buffer[range]))
            let photo = try reader.readPhoto()
            return reader.offset == range.count ? photo : nil
        }
        guard let photo, cache.describes(photo, at: position) else { return nil }
        return photo
    }

    /// Whether the records at `positions` are photos of the album at `album` whole, as the
    /// run of a kept album needs them (`AlbumRebuild`: its bytes copied into the next
    /// manifest, its records into the next cache, undecoded): each one's bytes one photo's
    /// object as `photo(at:)` reads it, the photo its record describes, in that album.
    /// Checked where the fields are (`PhotoSpans.read`), without making the photos;
    /// by `photo(at:)` where that cannot tell.
    func recordsTrue(_ positions: Range<Int>, album: String) -> Bool {
        // A cache made from the manifest's photos is theirs; a manifest edited by hand can
        // still put a photo in another album than the one it is counted in.
        if let photos { return positions.allSatisfy { photos[$0].album.utf8.elementsEqual(album.utf8) } }
        var album = album
        return album.withUTF8 { album in
            bytes.withUnsafeBufferPointer { buffer in
                positions.allSatisfy { position in
                    let object = UnsafeBufferPointer(rebasing: buffer[cache.photos[position].json])
                    if let spans = PhotoSpans.read(object), BuildCache.equal(UnsafeBufferPointer(rebasing: object[spans.album]), album),
                        cache.describes(spans, in: object, at: position)
                    {
                        return true
                    }
                    return photo(at: position).map { $0.album.utf8.elementsEqual(album) } ?? false
                }
            }
        }
    }

    /// The previous build's photo at this path.
    func photo(at path: BytePath) -> Manifest.Photo? {
        index[path].flatMap { photo(at: $0) }
    }

    /// What it knew to be an image, so the scanner need not read it again.
    func known(_ path: BytePath) -> LibraryScanner.Known? {
        guard let position = index[path] else { return nil }
        let photo = cache.photos[position]
        var known = LibraryScanner.Known(bytes: photo.bytes, modified: photo.modified, format: photo.format)
        known.position = position
        return known
    }

    /// The bytes the previous manifest holds for its photo at `position`, when it was read
    /// by the quick reader.
    func photoBytes(_ position: Int) -> ArraySlice<UInt8>? {
        let range = cache.photos[position].json
        return range.isEmpty ? nil : bytes[range]
    }

    /// Whether the photo's three images are in the site.
    func imagesExist(_ position: Int, in images: ImageFiles) -> Bool {
        if let stem = cache.imageStem(cache.photos[position]) { return images.containsAll(of: stem) }
        return photo(at: position).map { images.hasImages(of: $0) } ?? false
    }

    static func decodeManifest(_ bytes: [UInt8]) -> (manifest: Manifest, ranges: [Range<Int>]?, photosArray: Range<Int>?)? {
        guard let (manifest, ranges, photosArray) = ManifestJSON.decodeWithPhotoRanges(bytes), manifest.format == Manifest.formatName,
            Manifest.readableVersions.contains(manifest.version)
        else { return nil }
        return (manifest, ranges, photosArray)
    }

    /// Everything in the manifest but its photos, read with the photos array left out.
    static func head(_ bytes: [UInt8], photosArray: Range<Int>) -> Manifest? {
        guard photosArray.upperBound <= bytes.count, photosArray.count >= 2, bytes[photosArray.lowerBound] == UInt8(ascii: "["),
            bytes[photosArray.upperBound - 1] == UInt8(ascii: "]")
        else { return nil }
        var rest = Array(bytes[..<photosArray.lowerBound])
        rest += [UInt8(ascii: "["), UInt8(ascii: "]")]
        rest += bytes[photosArray.upperBound...]
        guard let head = try? ManifestJSON.read(rest), head.format == Manifest.formatName,
            Manifest.readableVersions.contains(head.version)
        else { return nil }
        return head
    }

    static func digest(_ bytes: [UInt8]) -> String {
        String(ContentFingerprint(of: bytes).hex.prefix(16))
    }
}
