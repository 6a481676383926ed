/// `.proofsheet-cache-journal`: what a cache is beside its base, the `.proofsheet-cache`
/// it was read from, so that a rebuild that changed a photo writes that photo's record
/// and not every record again (issue 33: the cache of 100,000 photos is megabytes).
///
/// It says, in the cache's order, runs of the base's records kept as they are but for
/// where their objects are now in the manifest (all moved by one distance), and the
/// records that are not the base's, whole. It names the base by the base's checksum and
/// the manifest it describes by its fingerprint, as the base does: a journal of another
/// base (one written whole since, the build killed before the journal was removed) or of
/// another manifest is passed over. It is written whole each time (atomically), so it
/// holds every change since the base; once it passes `journalShare` of the base, the
/// base is written whole instead and the journal removed.
///
/// Layout (integers little-endian): `proofsheet-cache-journal\n`, version (u32), the
/// base's checksum (32 bytes), the manifest's fingerprint (32 hex digits), the byte range
/// of its `photos` array (u64, u64), the image keys beyond the base's (u32 count; u32
/// length and bytes each), the run count (u32), the pool's length (u64), the runs, the
/// pool, and the XXH3-128 of everything before it (32 hex digits). A run is a byte and a
/// count (u32): 0, then the first of that many of the base's records (u32) and the
/// distance they moved (i64); or 1, then that many records, whose pool ranges are in the base's pool and
/// this one after it, their keys numbered after the base's.
extension BuildCache {
    static let journalName = ".proofsheet-cache-journal"
    static let journalMagic = Array("proofsheet-cache-journal\n".utf8)
    static let journalVersion: UInt32 = 1
    /// A journal larger than this fraction of its base (1 / `journalShare`) is folded in.
    static let journalShare = 8

    /// The journal of this cache beside its base; nil without one.
    func journal() -> [UInt8]? {
        guard let base, origins.count == photos.count else { return nil }
        var keyNumbers: [String: Int] = [:]
        for (number, key) in base.keys.enumerated() where keyNumbers[key] == nil { keyNumbers[key] = number }
        var extraKeys: [String] = []
        var runs: [UInt8] = []
        var runCount = 0
        var journalPool: [UInt8] = []
        var index = 0
        while index < photos.count {
            let origin = Int(origins[index])
            if origin >= 0 {
                let distance = Int64(photos[index].json.lowerBound) - Int64(base.jsonStarts[origin])
                var end = index + 1
                while end < photos.count, Int(origins[end]) == origin + (end - index),
                    Int64(photos[end].json.lowerBound) - Int64(base.jsonStarts[origin + end - index]) == distance
                {
                    end += 1
                }
                runs.append(0)
                Self.appendInteger(UInt32(end - index), to: &runs)
                Self.appendInteger(UInt32(origin), to: &runs)
                Self.appendInteger(distance, to: &runs)
                runCount += 1
                index = end
                continue
            }
            var end = index + 1
            while end < photos.count, origins[end] < 0 { end += 1 }
            runs.append(1)
            Self.appendInteger(UInt32(end - index), to: &runs)
            for photo in photos[index..<end] {
                let key = keys[photo.key]
                let number =
                    keyNumbers[key]
                    ?? {
                        extraKeys.append(key)
                        keyNumbers[key] = base.keys.count + extraKeys.count - 1
                        return base.keys.count + extraKeys.count - 1
                    }()
                // Its path and companions, one after the other, in this pool.
                var moved = photo
                let start = journalPool.count
                journalPool += pool[photo.path]
                moved.path = start..<journalPool.count
                let companionsStart = journalPool.count
                journalPool += pool[photo.companions]
                moved.companions = companionsStart..<journalPool.count
                Self.appendRecord(moved, to: &runs, poolOffset: base.poolCount, key: number)
            }
            runCount += 1
            index = end
        }
        var out = Self.journalMagic
        Self.appendInteger(Self.journalVersion, to: &out)
        out += base.checksum
        out += Array(manifestFingerprint.utf8)
        Self.appendInteger(UInt64(photosArray.lowerBound), to: &out)
        Self.appendInteger(UInt64(photosArray.upperBound), to: &out)
        Self.appendInteger(UInt32(extraKeys.count), to: &out)
        for key in extraKeys {
            Self.appendInteger(UInt32(key.utf8.count), to: &out)
            out += Array(key.utf8)
        }
        Self.appendInteger(UInt32(runCount), to: &out)
        Self.appendInteger(UInt64(journalPool.count), to: &out)
        out += runs
        out += journalPool
        out += Array(ContentFingerprint(of: out).hex.utf8)
        return out
    }

    /// The cache that `journal` makes of this one, its base (read from the base file);
    /// nil when the journal is of another base (passed over in silence, as one of another
    /// manifest is by the caller). Throws `Damaged` when the journal is not one this
    /// version wrote whole, or what it makes is not a cache of a manifest of
    /// `manifestLength` bytes (every number is checked before it is used).
    func applying(journal bytes: [UInt8], manifestLength: Int) throws(Damaged) -> BuildCache? {
        var reader = try Self.verified(bytes, magic: Self.journalMagic, version: Self.journalVersion, kind: "proofsheet cache journal")
        let body = bytes[..<(bytes.count - 32)]  // what the checksum covers
        func fail() -> Damaged { Damaged(reason: "inconsistent") }
        guard let base, let checksum = reader.bytes(32) else { throw fail() }
        guard checksum.elementsEqual(base.checksum) else { return nil }
        guard let fingerprint = reader.bytes(32).map({ String(decoding: $0, as: UTF8.self) }), ImageStem.Digest(hex: fingerprint) != nil,
            let arrayStart = reader.uint64(), let arrayEnd = reader.uint64(), arrayStart < arrayEnd, arrayEnd - arrayStart >= 2,
            arrayEnd <= UInt64(manifestLength), let extraCount = reader.uint32(), Int(extraCount) + keys.count <= 65536
        else { throw fail() }
        var next = BuildCache(
            manifestFingerprint: fingerprint, photosArray: Int(arrayStart)..<Int(arrayEnd), keys: keys, photos: [], pool: [])
        for _ in 0..<extraCount {
            guard let length = reader.uint32(), let spelt = reader.bytes(Int(length)), let key = String(validating: spelt, as: UTF8.self)
            else { throw fail() }
            next.keys.append(key)
        }
        guard let runCount = reader.uint32(), let poolLength = reader.uint64().flatMap({ Int(exactly: $0) }),
            poolLength <= body.count - reader.at
        else { throw fail() }
        next.base = base
        enum Run {
            case base(start: Int, count: Int, distance: Int64)
            case made(Range<Int>)
        }
        var runs: [Run] = []
        var made: [Photo] = []
        for _ in 0..<runCount {
            guard let tag = reader.bytes(1)?.first, let count = reader.uint32().map(Int.init) else { throw fail() }
            switch tag {
            case 0:
                guard let start = reader.uint32().map(Int.init), let distance = reader.int64(), start <= photos.count,
                    count <= photos.count - start
                else { throw fail() }
                runs.append(.base(start: start, count: count, distance: distance))
            case 1:
                guard count <= (body.count - reader.at) / Self.recordSize else { throw fail() }
                let first = made.count
                for _ in 0..<count {
                    guard let photo = Self.readRecord(&reader) else { throw fail() }
                    made.append(photo)
                }
                runs.append(.made(first..<made.count))
            default: throw fail()
            }
        }
        guard reader.at + poolLength == body.count else { throw fail() }
        next.pool = pool + bytes[reader.at..<body.count]
        for run in runs {
            switch run {
            case .base(let start, let count, let distance):
                for position in start..<(start + count) {
                    var photo = photos[position]
                    let (lower, lowOverflow) = Int64(photo.json.lowerBound).addingReportingOverflow(distance)
                    let (upper, highOverflow) = Int64(photo.json.upperBound).addingReportingOverflow(distance)
                    guard !lowOverflow, !highOverflow, lower >= 0, upper <= Int64(manifestLength) else { throw fail() }
                    photo.json = Int(lower)..<Int(upper)
                    next.photos.append(photo)
                    next.origins.append(Int32(position))
                }
            case .made(let range):
                next.photos += made[range]
                next.origins += [Int32](repeating: -1, count: range.count)
            }
        }
        guard next.holds(manifestLength: manifestLength) else { throw fail() }
        return next
    }

    /// Its records as a whole file spells them: keys and pool in the records' order, as a
    /// cache made from photos has them.
    func compacted() -> BuildCache {
        var builder = Builder(fingerprint: manifestFingerprint, photosArray: photosArray, capacity: photos.count)
        for position in photos.indices { builder.append(copyOf: position, in: self, json: photos[position].json) }
        return builder.cache
    }

    /// A record as the files hold it, with no more checked than that its numbers make
    /// ranges and its format is one (`holds` checks the rest); nil past the end.
    static func readRecord(_ reader: inout Reader) -> Photo? {
        guard let jsonStart = reader.uint64().flatMap({ Int(exactly: $0) }), let jsonCount = reader.uint32().map(Int.init),
            let pathStart = reader.uint32().map(Int.init), let pathCount = reader.uint32().map(Int.init),
            let companionsStart = reader.uint32().map(Int.init), let companionsCount = reader.uint32().map(Int.init),
            let flags = reader.uint16(), let formatAndZero = reader.bytes(2), formatAndZero.last == 0,
            let key = reader.uint32().map(Int.init), let size = reader.int64(), let modified = reader.int64(),
            let high = reader.uint64(), let low = reader.uint64(), jsonStart <= Int.max - jsonCount,
            let format = formatAndZero.first.map(Int.init), format < ImageFormat.allCases.count
        else { return nil }
        return Photo(
            json: jsonStart..<(jsonStart + jsonCount), path: pathStart..<(pathStart + pathCount),
            companions: companionsStart..<(companionsStart + companionsCount), flags: Flags(rawValue: flags),
            format: ImageFormat.allCases[format], key: key, bytes: size, modified: modified,
            fingerprint: ImageStem.Digest(high: high, low: low))
    }

    /// Whether every range and number is one the base's reader would have let through: the
    /// photos' objects inside the photos array of a manifest of `manifestLength` bytes, in
    /// order, apart; paths and companions in the pool; keys there.
    func holds(manifestLength: Int) -> Bool {
        guard photosArray.count >= 2, photosArray.upperBound <= manifestLength, keys.count <= 65536 else { return false }
        var objectsEnd = photosArray.lowerBound
        for photo in photos {
            guard photo.json.lowerBound > objectsEnd, !photo.json.isEmpty,
                photo.json.count < photosArray.upperBound - photo.json.lowerBound,
                photo.path.upperBound <= pool.count, photo.companions.upperBound <= pool.count, photo.key < keys.count
            else { return false }
            objectsEnd = photo.json.upperBound
        }
        return true
    }
}
