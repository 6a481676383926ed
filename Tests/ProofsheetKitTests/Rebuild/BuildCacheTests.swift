import Foundation
import Testing

@testable import ProofsheetKit

#if canImport(Glibc)
    import Glibc
#endif

/// `.proofsheet-cache`: written beside `manifest.json`, it lets a rebuild judge every photo
/// without decoding the manifest; one that is damaged, out of date or missing is passed
/// over (the manifest is read whole, as before there was a cache) and written anew, and
/// the site comes out the same, byte for byte.
@Suite("Build cache")
struct BuildCacheTests {
    static func makeSite(_ root: String, count: Int = 6) async throws -> (library: String, site: String) {
        let library = root + "/Library", site = root + "/Site"
        for index in 0..<count {
            try TestPhoto.write(
                try LibraryFixtures.photo(index, width: 64, height: 48), to: library, "Album \(index % 2)/IMG_\(index).jpg")
        }
        _ = try await build(library, into: site)
        return (library, site)
    }

    static func previous(_ site: String) throws -> PreviousSite? {
        let cache = try? FileSystem.read(site + "/" + BuildCache.fileName)
        return PreviousSite(bytes: try FileSystem.read(site + "/manifest.json"), cache: cache)
    }

    @Test("a build writes the cache of its manifest; read back, it is the cache made from the manifest")
    func roundTrip() async throws {
        try await withTemporaryDirectory { root in
            let (_, site) = try await Self.makeSite(root)
            let bytes = try FileSystem.read(site + "/manifest.json")
            let file = try FileSystem.read(site + "/" + BuildCache.fileName)
            let read = try BuildCache(decoding: file, manifestLength: bytes.count)
            let (manifest, ranges, array) = try #require(PreviousSite.decodeManifest(bytes))
            let made = BuildCache(manifest: manifest, fingerprint: ContentFingerprint(of: bytes).hex, ranges: ranges, photosArray: array)
            #expect(read == made)
            #expect(made.encoded() == file)
            #expect(read.photos.count == 6)
            for (photo, cached) in zip(manifest.photos, read.photos) {
                #expect(read.path(cached) == photo.pathKey)
                #expect(cached.bytes == photo.bytes && cached.modified == photo.modified && read.keys[cached.key] == photo.key)
                #expect(cached.flags.contains(.canonicalImages))
                #expect(read.imageStem(cached) != nil)
            }
            // Each photo as the writer wrote it is checked where its fields are, not decoded,
            // when its album is kept (`PreviousSite.recordsTrue`).
            bytes.withUnsafeBufferPointer { buffer in
                for (position, cached) in read.photos.enumerated() {
                    let object = UnsafeBufferPointer(rebasing: buffer[cached.json])
                    let spans = PhotoSpans.read(object)
                    #expect(spans.map { read.describes($0, in: object, at: position) } == true, "photo \(position)")
                }
            }
        }
    }

    @Test("with the cache, the previous site is read without decoding a photo, and a rebuild with nothing changed writes nothing")
    func nothingDecoded() async throws {
        try await withTemporaryDirectory { root in
            let (library, site) = try await Self.makeSite(root)
            let previous = try #require(try Self.previous(site))
            #expect(previous.cacheCurrent && previous.cacheProblem == nil)
            #expect(previous.photos == nil, "no photo decoded")
            #expect(previous.head.photos.isEmpty && previous.head.albums.count == 2)
            let manifest = try readManifest(site)
            for position in manifest.photos.indices { #expect(previous.photo(at: position) == manifest.photos[position]) }

            let before = ScopeFixtures.states(site)
            try await Task.sleep(for: .milliseconds(20))
            let report = try await build(library, into: site)
            #expect(report.rendered == 0 && report.reused == 6 && report.photos == 6 && report.albums == 2)
            #expect(report.warnings.isEmpty)
            #expect(ScopeFixtures.states(site) == before)
        }
    }

    @Test("a FIFO named .proofsheet-cache is refused in one line, not waited on", .timeLimit(.minutes(5)))
    func fifoCache() async throws {
        try await withTemporaryDirectory { root in
            let (library, site) = try await Self.makeSite(root, count: 2)
            let cachePath = site + "/" + BuildCache.fileName
            try FileManager.default.removeItem(atPath: cachePath)
            #expect(mkfifo(cachePath, 0o644) == 0)
            // A site's own files must be real ones (SiteFolder): the build stops before reading it.
            await #expect(throws: ProofsheetError(cachePath, "is not a file")) {
                _ = try await build(library, into: site)
            }
            #expect(FileSystem.kind(of: cachePath) == .other)
            // Read directly, it is refused as not a regular file, not waited on.
            #expect(throws: ManifestFile.Refusal.self) {
                _ = try ManifestFile.readCache(cachePath, manifestLength: 1_000)
            }
            // One far larger than its manifest is refused before it is read.
            let large = root + "/large-cache"
            #expect(FileManager.default.createFile(atPath: large, contents: Data(BuildCache.magic)))
            let handle = try #require(FileHandle(forWritingAtPath: large))
            try handle.truncate(atOffset: 64 * 1024 * 1024)
            try handle.close()
            let refusal = #expect(throws: ManifestFile.Refusal.self) {
                _ = try ManifestFile.readCache(large, manifestLength: 1_000)
            }
            #expect(refusal?.reason == "larger than the manifest it describes")
        }
    }

    static let damages: [(String, @Sendable ([UInt8]) -> [UInt8], String)] = [
        ("truncated", { Array($0.prefix($0.count / 2)) }, "truncated or altered (its checksum does not match)"),
        (
            "one byte altered",
            {
                var b = $0; b[b.count / 2] ^= 0x20; return b
            }, "truncated or altered (its checksum does not match)"
        ),
        ("empty", { _ in [] }, "not a proofsheet cache"),
        ("not a cache", { _ in Array("{\"photos\":[]}".utf8) }, "not a proofsheet cache"),
        (
            "another version",
            {
                var b = $0; b[BuildCache.magic.count] = 99; return b
            }, "written by another version of proofsheet"
        ),
    ]

    @Test("a damaged cache: one line saying so, the manifest read instead, the same site, the cache written anew", arguments: 0..<5)
    func damaged(_ which: Int) async throws {
        let (name, damage, reason) = Self.damages[which]
        try await withTemporaryDirectory { root in
            let (library, site) = try await Self.makeSite(root)
            let before = try snapshot(site)
            let cachePath = site + "/" + BuildCache.fileName
            try FileSystem.writeAtomically(damage(try FileSystem.read(cachePath)), to: cachePath)

            let report = try await build(library, into: site)
            #expect(report.rendered == 0 && report.photos == 6, "\(name)")
            #expect(
                report.warnings.map(\.description) == [
                    "\(site)/.proofsheet-cache: \(reason); read manifest.json instead, and written anew"
                ], "\(name)")
            #expect(try snapshot(site) == before, "\(name): the site is as it was, cache and all")
            // Said once: the next build finds the cache whole.
            #expect(try await build(library, into: site).warnings.isEmpty)
        }
    }

    @Test("a cache of another manifest (an interrupted build, an older proofsheet) or none at all is passed over in silence and made again")
    func outOfDate() async throws {
        try await withTemporaryDirectory { root in
            let (library, site) = try await Self.makeSite(root)
            let before = try snapshot(site)
            let cachePath = site + "/" + BuildCache.fileName
            let other = try await Self.makeSite(root + "/other", count: 3)
            try FileSystem.writeAtomically(try FileSystem.read(other.site + "/" + BuildCache.fileName), to: cachePath)
            let stale = try #require(try Self.previous(site))
            #expect(!stale.cacheCurrent && stale.cacheProblem == nil && stale.photos?.count == 6)
            #expect(try await build(library, into: site).warnings.isEmpty)
            #expect(try snapshot(site) == before)

            FileSystem.remove(cachePath)
            #expect(try await build(library, into: site).warnings.isEmpty)
            #expect(try snapshot(site) == before)
        }
    }

    @Test("a cache with a valid checksum but numbers out of bounds is refused, never read past its ends")
    func boundsChecked() async throws {
        try await withTemporaryDirectory { root in
            let (_, site) = try await Self.makeSite(root)
            let manifestLength = try FileSystem.read(site + "/manifest.json").count
            let file = try FileSystem.read(site + "/" + BuildCache.fileName)
            let body = Array(file.dropLast(32))
            // Every byte of the header and the first record set to 0xFF in turn, the checksum
            // made right: each either reads as a cache whose ranges lie in its bounds, or is refused.
            let headerAndRecord = min(body.count, BuildCache.magic.count + 200)
            for at in BuildCache.magic.count..<headerAndRecord {
                var altered = body
                altered[at] = 0xFF
                altered += Array(ContentFingerprint(of: altered).hex.utf8)
                guard let cache = try? BuildCache(decoding: altered, manifestLength: manifestLength) else { continue }
                for photo in cache.photos {
                    #expect(photo.json.upperBound <= manifestLength)
                    #expect(photo.path.upperBound <= cache.pool.count && photo.companions.upperBound <= cache.pool.count)
                    #expect(photo.key < cache.keys.count)
                }
                #expect(cache.photosArray.upperBound <= manifestLength)
            }
        }
    }

    /// Where the records start in a cache file (what `encoded` writes before them).
    static func recordsStart(_ file: [UInt8], manifestLength: Int) throws -> Int {
        let cache = try BuildCache(decoding: file, manifestLength: manifestLength)
        return file.count - 32 - cache.pool.count - cache.photos.count * BuildCache.recordSize
    }

    static func sealed(_ body: some Collection<UInt8>) -> [UInt8] {
        Array(body) + Array(ContentFingerprint(of: Array(body)).hex.utf8)
    }

    // What FuzzBuildCache's first checks found: the reader took caches it never writes,
    // read them as another (the byte after a record's format ignored, a fingerprint or a
    // key that is not UTF-8 read with replacement characters) or with a photo's object
    // anywhere in the manifest (in its albums, before the previous photo's).
    static let misspelt: [(String, @Sendable (inout [UInt8], Int) -> Void)] = [
        ("the byte after a record's format is not zero", { b, records in b[records + 31] = 1 }),
        ("the fingerprint is not lowercase hex", { b, _ in b[BuildCache.magic.count + 4] = UInt8(ascii: "A") }),
        ("an image key is not UTF-8", { b, _ in b[BuildCache.magic.count + 4 + 32 + 16 + 4 + 4] = 0xFF }),
        (
            "a photo's object starts at the photos array's bracket",
            { b, records in
                let arrayStart = Array(b[(BuildCache.magic.count + 36)..<(BuildCache.magic.count + 44)])
                b.replaceSubrange(records..<(records + 8), with: arrayStart)
            }
        ),
        (
            "two photos' objects out of order",
            { b, records in
                let next = records + BuildCache.recordSize
                let first = Array(b[records..<(records + 12)]), second = Array(b[next..<(next + 12)])
                b.replaceSubrange(records..<(records + 12), with: second)
                b.replaceSubrange(next..<(next + 12), with: first)
            }
        ),
    ]

    @Test("a cache whose checksum holds but that is not spelt as proofsheet writes it is refused", arguments: 0..<5)
    func misspelt(_ which: Int) async throws {
        let (name, alter) = Self.misspelt[which]
        try await withTemporaryDirectory { root in
            let (_, site) = try await Self.makeSite(root)
            let manifestLength = try FileSystem.read(site + "/manifest.json").count
            let file = try FileSystem.read(site + "/" + BuildCache.fileName)
            let records = try Self.recordsStart(file, manifestLength: manifestLength)
            var body = Array(file.dropLast(32))
            alter(&body, records)
            #expect(throws: BuildCache.Damaged(reason: "inconsistent"), "\(name)") {
                try BuildCache(decoding: Self.sealed(body), manifestLength: manifestLength)
            }
        }
    }

    // And what its checks of the previous site found: a cache whose checksum holds (made by
    // hand, or written by a bug) but whose record of a photo is not true was believed when
    // the photos were decoded: a record pointing at part of its photo's object had those
    // bytes copied into the next manifest.json, which no build could then read; a record
    // whose size and time are a changed file's kept the old photo in the gallery.
    static let untrue: [(String, @Sendable (inout BuildCache, Manifest.Photo) -> Void)] = [
        // Of a photo that did not change: its bytes are copied.
        ("its object cut short", { cache, _ in cache.photos[2].json = cache.photos[2].json.dropLast(1) }),
        // Of the photo that changed: judged unchanged by its record.
        (
            "the size and time of the changed file",
            { cache, changed in
                cache.photos[0].bytes = changed.bytes
                cache.photos[0].modified = changed.modified
            }
        ),
    ]

    @Test(
        "a cache whose checksum holds but whose record of a photo is not true: the build is done again without it, one warning, the site a fresh build makes",
        arguments: 0..<2)
    func untrue(_ which: Int) async throws {
        let (name, forge) = Self.untrue[which]
        try await withTemporaryDirectory { root in
            let (library, site) = try await Self.makeSite(root)
            let manifest = try readManifest(site)
            // The first photo changed, and another, so that the rebuild decodes the photos.
            for (at, index) in [(0, 100), (1, 101)] {
                try TestPhoto.write(try LibraryFixtures.photo(index, width: 64, height: 48), to: library, manifest.photos[at].path)
            }
            try await Task.sleep(for: .milliseconds(20))
            let fresh = root + "/Fresh"
            _ = try await build(library, into: fresh)
            let changed = try #require(try readManifest(fresh).photos.first { $0.path == manifest.photos[0].path })
            let manifestBytes = try FileSystem.read(site + "/manifest.json")
            let cachePath = site + "/" + BuildCache.fileName
            var cache = try BuildCache(decoding: try FileSystem.read(cachePath), manifestLength: manifestBytes.count)
            forge(&cache, changed)
            try FileSystem.writeAtomically(cache.encoded(), to: cachePath)

            let report = try await build(library, into: site)
            #expect(
                report.warnings.map(\.description)
                    == ["\(site)/.proofsheet-cache: not true of the photos of manifest.json; read manifest.json instead, and written anew"],
                "\(name)")
            let rebuilt = try snapshot(site), whole = try snapshot(fresh)
            #expect(Set(rebuilt.keys) == Set(whole.keys), "\(name)")
            for (path, bytes) in whole { #expect(rebuilt[path] == bytes, "\(name): \(path) differs") }
            #expect(try await build(library, into: site).warnings.isEmpty, "\(name): said once")
        }
    }

    @Test(
        "a rebuild after photos changed, came and went in some albums gives the site a fresh build gives, byte for byte",
        arguments: [PhotoSort.date, .name])
    func rebuildIsFresh(_ sort: PhotoSort) async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site", fresh = root + "/Fresh"
            func photo(_ index: Int) throws -> [UInt8] {
                var exif = ExifWriter()
                exif.description = "photo \(index)"
                exif.dateTaken = "2026-05-0\(1 + index * 7 % 9)T10:\(10 + index % 50):00"
                return try TestPhoto.jpeg(width: 24, height: 16, exif: exif, quality: 50)
            }
            for index in 0..<24 { try TestPhoto.write(try photo(index), to: library, "Album \(index % 4)/IMG_\(index).jpg") }
            func rebuild(_ into: String) async throws {
                _ = try await build(library, into: into) {
                    $0.sort = sort
                    $0.thumbSize = 32
                    $0.previewSize = 64
                }
            }
            try await rebuild(site)
            try TestPhoto.write(try photo(100), to: library, "Album 1/IMG_5.jpg")  // changed
            try TestPhoto.write(try photo(101), to: library, "Album 2/IMG_new.jpg")  // added
            FileSystem.remove(library + "/Album 3/IMG_7.jpg")  // removed
            // A new album: after Album 3 in natural order, between 1 and 2 in byte order.
            try TestPhoto.write(try photo(102), to: library, "Album 10/IMG_a.jpg")
            try TestPhoto.write(try photo(3), to: library, "IMG_top.jpg")  // the top level, a copy of IMG_3
            try await Task.sleep(for: .milliseconds(20))
            try await rebuild(site)
            try await rebuild(fresh)
            let incremental = try snapshot(site), whole = try snapshot(fresh)
            #expect(Set(incremental.keys) == Set(whole.keys))
            for (path, bytes) in whole { #expect(incremental[path] == bytes, "\(path) differs") }
            let manifest = try readManifest(site)
            #expect(manifest.albums.map(\.path) == ["", "Album 0", "Album 1", "Album 2", "Album 3", "Album 10"])
        }
    }

    // A kept album's photos are checked where their fields are (`PhotoSpans.read`), and
    // decoded only where that cannot tell: it must read every photo as the writer writes it
    // (else a rebuild decodes them all, slowly, every test still green), and nothing that
    // `readPhoto` would read otherwise.
    @Test(
        "PhotoSpans reads a photo as the writer writes it, every field set; it leaves other spellings to readPhoto and refuses what it refuses"
    )
    func photoSpans() throws {
        let fixture = try JSONDecoder().decode(Manifest.self, from: Data(ManifestFixtures.fixture.utf8)).photos[0]
        func object(_ photo: Manifest.Photo) -> [UInt8] {
            var writer = JSONWriter(scriptSafe: false)
            writer.write(photo)
            return writer.bytes
        }
        func spans(_ bytes: [UInt8]) -> PhotoSpans? { bytes.withUnsafeBufferPointer { PhotoSpans.read($0) } }
        func decoded(_ bytes: [UInt8]) -> Manifest.Photo? {
            try? bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONReader(buffer)
                let photo = try reader.readPhoto()
                return reader.offset == buffer.count ? photo : nil
            }
        }
        var photo = fixture
        (photo.companions, photo.formerIds, photo.pathBytes) = (nil, nil, nil)
        photo.path = "Ceremony/Café ünïcode 😀.jpg"
        photo.description = "line one, line two"
        photo.warning = "damaged EXIF data; a colour profile was ignored"
        var bare = photo
        (bare.aperture, bare.camera, bare.description, bare.exposure, bare.fingerprint, bare.focalLength) = (nil, nil, nil, nil, nil, nil)
        (bare.lens, bare.warning, bare.exifWarning, bare.gps, bare.iso) = (nil, nil, nil, nil, nil)
        var quiet = photo
        (quiet.exifWarning, quiet.warning) = (false, nil)
        for (name, photo, gps, warns) in [
            ("every field", photo, true, true), ("no field that may be left out", bare, false, false),
            ("exifWarning false", quiet, true, false),
        ] {
            let bytes = object(photo)
            #expect(decoded(bytes) == photo, "\(name)")
            let read = try #require(spans(bytes), "\(name)")
            func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            #expect([read.album, read.path, read.key].map(text) == [photo.album, photo.path, photo.key], "\(name)")
            #expect(read.fingerprint.map(text) == photo.fingerprint, "\(name)")
            #expect(
                [read.thumb, read.thumb2x, read.preview].map(text) == [photo.thumb.src, photo.thumb2x.src, photo.preview.src], "\(name)")
            #expect(read.bytes == photo.bytes && read.modified == photo.modified && read.format == photo.format, "\(name)")
            #expect(read.gps == gps && read.warns == warns, "\(name)")
        }
        // Read by readPhoto, not by it.
        var quoted = photo
        quoted.name = "a \"quoted\" name"
        let unsorted = JSONEncoder()
        unsorted.outputFormatting = [.withoutEscapingSlashes]
        let spaced = Array(String(decoding: object(photo), as: UTF8.self).replacingOccurrences(of: "\"bytes\":", with: "\"bytes\": ").utf8)
        let left: [(String, [UInt8])] = [
            ("companions, former ids, path bytes, escapes", object(fixture)), ("an escape in a string", object(quoted)),
            ("white space", spaced), ("another order", Array(try unsorted.encode(photo))),
        ]
        for (name, bytes) in left {
            #expect(decoded(bytes) != nil, "\(name)")
            #expect(spans(bytes) == nil, "\(name)")
        }
        // Refused by both.
        let whole = String(decoding: object(photo), as: UTF8.self)
        let refused: [(String, String)] = [
            ("cut short", String(whole.dropLast())),
            ("a number too big", whole.replacingOccurrences(of: "\"bytes\":\(photo.bytes)", with: "\"bytes\":99999999999999999999")),
            ("an unknown format", whole.replacingOccurrences(of: "\"format\":\"jpeg\"", with: "\"format\":\"jpg\"")),
            ("a field missing", whole.replacingOccurrences(of: "\"id\":\"\(photo.id)\",", with: "")),
            ("a byte after it", whole + " "),
        ]
        for (name, text) in refused {
            #expect(text != whole, "\(name)")
            #expect(decoded(Array(text.utf8)) == nil, "\(name)")
            #expect(spans(Array(text.utf8)) == nil, "\(name)")
        }
    }

    @Test("image names: the canonical ones are read as their stem, others are not")
    func imageStems() throws {
        let fingerprint = "0123456789abcdef0123456789abcdef", key = "db9217ec"
        let digest = try #require(ImageStem.Digest(hex: fingerprint))
        let stem = ImageStem(fingerprint: digest, key: try #require(ImageStem.packedKey(key)))
        for variant in ImageStem.Variant.allCases {
            let name = ImageStem.name(variant, key: key, fingerprint: fingerprint)
            #expect(ImageStem.parse(name)?.0 == stem)
            #expect(ImageStem.parse(name)?.1 == variant)
        }
        for name in [
            "previews/\(fingerprint)-\(key)@2x.jpg", "thumbs/\(fingerprint)-\(key).png", "thumbs/\(fingerprint.uppercased())-\(key).jpg",
            "thumbs/\(fingerprint)_\(key).jpg", "thumbs/\(fingerprint)-\(key)x.jpg", "other/\(fingerprint)-\(key).jpg", "thumbs/",
        ] {
            #expect(ImageStem.parse(name) == nil, "\(name)")
        }
        let files = ImageFiles([
            ImageStem.name(.thumb, key: key, fingerprint: fingerprint), ImageStem.name(.preview, key: key, fingerprint: fingerprint),
        ])
        #expect(!files.containsAll(of: stem))
        #expect(files.adding([ImageStem.name(.thumb2x, key: key, fingerprint: fingerprint)]).containsAll(of: stem))
    }
}
