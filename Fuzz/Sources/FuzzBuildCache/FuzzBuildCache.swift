// `.proofsheet-cache` on untrusted bytes: a binary file in the site that every rebuild
// reads, and that a damaged disk, a sync tool or a hand can change. The input is a
// manifest's bytes followed by a cache's, from its magic line on, without the checksum:
// the harness appends the right one, so mutations reach what the checksum guards (a
// random change is refused by it at once), and also tries the bytes as they are.
//
// What the reader promises, checked here:
// - any bytes give a cache or a refusal with a reason, never a crash, never a read past an end;
// - a cache read has one spelling: encoded again, it is the bytes it was read from;
// - a cache is used only as far as it is true of its manifest: the previous site it gives
//   is nil only when the manifest is unreadable anyway; a photo it gives is one of the
//   manifest's; when every photo is decoded (a rebuild that changes anything) each is,
//   or the cache is found untrue (and the build done again without it), and the bytes a
//   rebuild would copy for each are that photo whole;
// - a rebuild album by album (one photo changed, the rest as they were) either finds the
//   cache untrue, or writes a next manifest.json that the quick reader reads, in which
//   each album it kept holds that album's photos, each the manifest's and its record's;
// - the cache made from what was read reads back as that cache;
// - a journal (the input's bytes after `proofsheet-cache-journal\n`, sealed and naming the
//   cache read as its base and the manifest as its own) gives a cache or a refusal with a
//   reason, never a crash; a cache it gives holds the same bounds as one read whole, and
//   its own journal, applied to the base again, gives the same records.
import CFuzz

@testable import ProofsheetKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBuildCache(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let split = input.firstRange(of: BuildCache.magic)?.lowerBound ?? input.count
    let manifest = Array(input[..<split])
    let journalAt = input[split...].firstRange(of: BuildCache.journalMagic)?.lowerBound ?? input.count
    let body = Array(input[split..<journalAt])
    let journal = Array(input[journalAt...])

    checkRead(body, manifestLength: manifest.count)
    checkRead(sealed(body), manifestLength: manifest.count)
    // The cache of this manifest: its fingerprint put in, so that it is not passed over as
    // out of date, and the previous site read from both.
    var current = body
    let fingerprintAt = BuildCache.magic.count + 4
    if current.count >= fingerprintAt + 32 {
        current.replaceSubrange(fingerprintAt..<(fingerprintAt + 32), with: Array(ContentFingerprint(of: manifest).hex.utf8))
    }
    checkPreviousSite(manifest: manifest, cache: sealed(current))
    if !journal.isEmpty { checkJournal(journal, base: body, manifest: manifest) }
    return 0
}

/// The journal with the base's checksum and the manifest's fingerprint put in, sealed; and
/// the previous site of the base (its fingerprint another's) and that journal.
private func checkJournal(_ journal: [UInt8], base body: [UInt8], manifest: [UInt8]) {
    let sealedBase = sealed(body)
    var named = journal
    let at = BuildCache.journalMagic.count + 4
    if named.count >= at + 64 {
        named.replaceSubrange(at..<(at + 32), with: sealedBase.suffix(32))
        named.replaceSubrange((at + 32)..<(at + 64), with: Array(ContentFingerprint(of: manifest).hex.utf8))
    }
    let sealedJournal = sealed(named)
    if let base = try? BuildCache(decoding: sealedBase, manifestLength: manifest.count) {
        for bytes in [journal, sealedJournal] {
            let next: BuildCache?
            do throws(BuildCache.Damaged) {
                next = try base.applying(journal: bytes, manifestLength: manifest.count)
            } catch {
                precondition(!error.reason.isEmpty, "a refusal without a reason")
                continue
            }
            guard let next else { continue }
            precondition(next.holds(manifestLength: manifest.count) && next.origins.count == next.photos.count, "a journal out of bounds")
            for (photo, origin) in zip(next.photos, next.origins) where origin >= 0 {
                precondition(Int(origin) < base.photos.count, "an origin past the base")
                var moved = base.photos[Int(origin)]
                moved.json = photo.json
                precondition(moved == photo, "a record of the base changed in more than its place")
            }
            guard let again = next.journal() else { preconditionFailure("no journal of a cache with a base") }
            let reread = try? base.applying(journal: again, manifestLength: manifest.count)
            precondition(reread.map { $0.compacted() == next.compacted() } ?? false, "the journal written does not read back")
        }
    }
    // With the base's fingerprint another's, the previous site takes the journal.
    var other = body
    let fingerprintAt = BuildCache.magic.count + 4
    if other.count >= fingerprintAt + 32 {
        other.replaceSubrange(fingerprintAt..<(fingerprintAt + 32), with: Array(repeating: UInt8(ascii: "0"), count: 32))
    }
    let otherBase = sealed(other)
    var otherJournal = named
    if otherJournal.count >= at + 32 { otherJournal.replaceSubrange(at..<(at + 32), with: otherBase.suffix(32)) }
    checkPreviousSite(manifest: manifest, cache: otherBase, journal: sealed(otherJournal))
}

/// The bytes with the checksum a whole cache ends with.
private func sealed(_ body: [UInt8]) -> [UInt8] {
    body + Array(ContentFingerprint(of: body).hex.utf8)
}

private func checkRead(_ bytes: [UInt8], manifestLength: Int) {
    let cache: BuildCache
    do throws(BuildCache.Damaged) {
        cache = try BuildCache(decoding: bytes, manifestLength: manifestLength)
    } catch {
        precondition(!error.reason.isEmpty, "a refusal without a reason")
        return
    }
    precondition(cache.photosArray.upperBound <= manifestLength, "the photos array lies past the manifest's end")
    for photo in cache.photos {
        precondition(photo.json.upperBound <= manifestLength, "a photo's object lies past the manifest's end")
        precondition(photo.path.upperBound <= cache.pool.count && photo.companions.upperBound <= cache.pool.count, "a range past the pool")
        precondition(photo.key < cache.keys.count, "an image key that is not there")
    }
    precondition(cache.encoded() == bytes, "the cache read is not the bytes it was read from, encoded again")
}

private func checkPreviousSite(manifest: [UInt8], cache: [UInt8], journal: [UInt8]? = nil) {
    let whole = PreviousSite.decodeManifest(manifest)
    guard let site = PreviousSite(bytes: manifest, cache: cache, journal: journal) else {
        precondition(whole == nil, "a readable manifest refused because of its cache")
        return
    }
    // The manifest's photos as the quick reader reads them whole (nil when it cannot).
    let truth = whole?.ranges != nil ? whole?.manifest.photos : nil
    func isTrue(_ photo: Manifest.Photo) -> Bool { truth?.contains(photo) ?? true }
    // What a rebuild asks of it before anything is decoded.
    let count = site.cache.photos.count
    var names: [String] = []
    for position in 0..<count {
        let record = site.cache.photos[position]
        let path = site.cache.path(record)
        precondition(site.index[path] != nil && site.known(path) != nil, "a photo's path is not in the index")
        _ = site.cache.imageStem(record)
        _ = site.photoBytes(position)
        if let photo = site.photo(at: position) {
            if !site.cacheCurrent, let truth { precondition(photo == truth[position], "photo \(position) is not the manifest's") }
            precondition(isTrue(photo), "photo \(position) is not one of the manifest's")
            names += [photo.thumb.src, photo.thumb2x.src, photo.preview.src]
        }
    }
    let images = ImageFiles(names)
    for position in 0..<count { _ = site.imagesExist(position, in: images) }
    _ = SiteWriter.referencedImages(site.cache, photo: site.photo(at:))
    checkAlbumRebuild(site, truth: site.cacheCurrent ? truth : nil)

    // What a rebuild that changes anything does next: every photo decoded, and the bytes
    // of each copied into the next manifest if it is unchanged, so each must be that photo.
    guard let photos = decodedAll(site) else {
        precondition(site.cacheCurrent, "only a cache used can be found untrue")
        return
    }
    precondition(photos.count == count, "\(photos.count) photos decoded of \(count)")
    for position in 0..<count {
        precondition(isTrue(photos[position]), "photo \(position) decoded is not one of the manifest's")
        guard let copied = site.photoBytes(position) else { continue }
        let again = copied.withUnsafeBufferPointer { buffer -> Manifest.Photo? in
            var reader = JSONReader(buffer)
            guard let photo = try? reader.readPhoto(), reader.offset == buffer.count else { return nil }
            return photo
        }
        precondition(again == photos[position], "the bytes copied for photo \(position) are not that photo")
    }
    // The cache a build writes for what it read (none for a manifest the quick reader could
    // not read: `SiteWriter.writeCache`), read back.
    if !site.cache.photosArray.isEmpty {
        precondition(
            (try? BuildCache(decoding: site.cache.encoded(), manifestLength: manifest.count)) == site.cache,
            "the cache written does not read back as the same cache")
    }
}

/// What a rebuild album by album takes from the previous build without decoding a photo:
/// with the first photo changed and every other reused as it was, the albums it keeps.
private func checkAlbumRebuild(_ site: PreviousSite, truth: [Manifest.Photo]?) {
    let count = site.cache.photos.count
    guard count > 0 else { return }
    var changed: [Int: Manifest.Photo] = [:]
    if var first = site.photo(at: 0) {
        first.bytes &+= 1
        changed[0] = first
    }
    let made: AlbumRebuild?
    do throws(AlbumRebuild.Untrue) {
        made = try AlbumRebuild(previous: site, reused: Array(0..<count), changed: changed, fresh: [], sort: .date, libraryName: "Library")
    } catch {
        // Found untrue: the build is done again without the cache.
        return
    }
    guard let rebuild = made else { return }
    var manifest = site.head
    manifest.albums = rebuild.albums
    manifest.photos = []
    guard let (bytes, _) = try? SiteWriter.manifestBytes(rebuild, manifest: manifest, previous: site) else {
        preconditionFailure("the next manifest.json could not be encoded")
    }
    guard let next = try? ManifestJSON.read(bytes) else { preconditionFailure("the next manifest.json is not one the quick reader reads") }
    precondition(next.photos.count == rebuild.total, "\(next.photos.count) photos written of \(rebuild.total)")
    for segment in rebuild.segments {
        guard case .kept(let positions) = segment.content else { continue }
        for (offset, position) in positions.enumerated() {
            let photo = next.photos[segment.start + offset]
            precondition(photo.album.utf8.elementsEqual(segment.album.path.utf8), "photo \(position) kept in another album")
            precondition(site.cache.describes(photo, at: position), "photo \(position) kept is not its record's")
            precondition(truth?.contains(photo) ?? true, "photo \(position) kept is not one of the manifest's")
        }
    }
}

/// What `decodeAll` gives a site of fewer than 10,000 photos (every input here: it decodes
/// them in one part, `photo(at:)` each): the photos, or nil when one is not its record's.
/// Done here on libFuzzer's thread: through `decodeAll`, a task for each input, whose memory
/// the concurrency pool freed after the input had returned, made libFuzzer take every input
/// for a leak and scan the heap after it (four fifths of the time, and the memory growing).
private func decodedAll(_ site: PreviousSite) -> [Manifest.Photo]? {
    var photos: [Manifest.Photo] = []
    for position in site.cache.photos.indices {
        guard let photo = site.photo(at: position) else { return nil }
        photos.append(photo)
    }
    return photos
}

@_cdecl("FuzzBuildCache_main")
public func fuzzBuildCacheMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    proofsheet_fuzz(argc, argv, fuzzBuildCache)
}
