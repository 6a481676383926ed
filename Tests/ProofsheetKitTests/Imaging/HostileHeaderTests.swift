import Foundation
import ProofsheetKit
import Testing

/// Headers that lie: each is refused with one clear reason before any pixel memory is
/// taken, nothing traps, and the rest of the library is built.
@Suite("Hostile headers")
struct HostileHeaderTests {
    static let sizes = ImageSizes(thumbnail: 100, preview: 400)

    /// A classic little-endian TIFF of one directory with these (tag, type, value) entries.
    static func tiff(_ entries: [(tag: Int, type: Int, value: Int)]) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        var bytes: [UInt8] = [0x49, 0x49, 42, 0] + le32(8) + le16(entries.count)
        for entry in entries {
            bytes += le16(entry.tag) + le16(entry.type) + le32(1) + (entry.type == 3 ? le16(entry.value) + [0, 0] : le32(entry.value))
        }
        return bytes + le32(0) + [UInt8](repeating: 0, count: 64)
    }

    /// A real HEIF (or AVIF) whose every `ispe` box is made to say width×height.
    static func heif(avif: Bool, width: Int, height: Int) throws -> [UInt8] {
        var bytes = try TestPhoto.quadrants(width: 64, height: 48).heifData(avif: avif, quality: 50)
        let ispe = Array("ispe".utf8)
        var found = 0
        for i in 0..<(bytes.count - 16) where Array(bytes[i..<i + 4]) == ispe {
            for (k, v) in [(8, width), (12, height)] {
                for b in 0..<4 { bytes[i + k + b] = UInt8(v >> (24 - 8 * b) & 0xFF) }
            }
            found += 1
        }
        #expect(found > 0)
        return bytes
    }

    /// A progressive JPEG whose last scan is repeated `count` times (a few hostile bytes a
    /// scan, each making libjpeg redo the whole image).
    static func manyScans(_ count: Int) throws -> [UInt8] {
        try withTemporaryDirectorySync { directory in
            try FileSystem.writeAtomically(try TestPhoto.quadrants(width: 64, height: 64).pngData(), to: directory + "/a.png")
            try Tool.run(["convert", "a.png", "-interlace", "JPEG", "-quality", "90", "a.jpg"], in: directory)
            return EncodedPhoto.repeatingLastScan(of: try FileSystem.read(directory + "/a.jpg"), count)
        }
    }

    static let pngBomb: [UInt8] = {
        // 45 bytes: signature, an IHDR of 0xFFFFFFFF × 0xFFFFFFFF, an IEND.
        let ihdr: [UInt8] =
            [0, 0, 0, 13] + Array("IHDR".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    }()

    /// Every hostile file of the issue, with what its one line must say.
    static func hostileFiles() throws -> [(name: String, bytes: [UInt8], says: String)] {
        var gif: [UInt8] = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0]
        gif += [0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 2, 0x44, 0x01, 0, 0x3B]
        var os2: [UInt8] = Array("BM".utf8) + [UInt8](repeating: 0, count: 12)
        os2 += [12, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 1, 0, 24, 0] + [UInt8](repeating: 0, count: 16)
        // 78 bytes declaring 3 × 15,073,282 24-bit pixels, uncompressed: 180 MB of rows that
        // are not there (found by FuzzImageHeader: libgd took 600 MB and seconds to say so).
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        var short: [UInt8] = Array("BM".utf8) + le32(78) + [0, 0, 0, 0] + le32(54)
        short += le32(40) + le32(3) + le32(15_073_282) + [1, 0, 24, 0] + le32(0) + [UInt8](repeating: 0, count: 20)
        short += [UInt8](repeating: 0x7F, count: 24)
        // 58 bytes declaring 3 × 3,080,194 pixels of 6144 bits each (found by
        // FuzzThumbnailer: libgd made the image, 146 MB in 3 million rows, before refusing it).
        var deep: [UInt8] = Array("BM".utf8) + le32(78) + [0, 0, 0, 0] + le32(54)
        deep += le32(40) + le32(3) + le32(3_080_194) + [1, 0, 0x00, 0x18] + le32(0) + [UInt8](repeating: 0, count: 4)
        var webp: [UInt8] = Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
        webp += [0xFF, 0x3F, 0x00, 0xFF, 0x3F, 0x00]  // 16384 × 16384
        return [
            ("bomb.png", pngBomb, "4294967295×4294967295"),
            ("bomb.tif", tiff([(256, 4, 0xFFFF_FFFF), (257, 4, 0xFFFF_FFFF)]), "4294967295×4294967295"),
            ("twice.tif", tiff([(256, 3, 100), (257, 3, 100), (256, 4, 30000), (257, 4, 30000)]), "twice"),
            ("bomb.heic", try heif(avif: false, width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), "4294967295×4294967295"),
            ("bomb.avif", try heif(avif: true, width: 0xFFFF_FFFF, height: 0xFFFF_FFFF), "4294967295×4294967295"),
            ("200mp.heic", try heif(avif: false, width: 20000, height: 10000), "20000×10000"),
            ("bomb.jpg", ThumbnailFixtures.jpegBomb(width: 0xFFFF, height: 0xFFFF), "65535×65535"),
            ("bomb.gif", gif, "65535×65535"),
            ("os2.bmp", os2, "65535×65535"),
            ("short.bmp", short, "truncated"),
            ("deep.bmp", deep, "a depth of 6144 bits per pixel"),
            ("bomb.webp", webp, "16384×16384"),
            ("scans.jpg", try manyScans(2000), "scans"),
        ]
    }

    @Test("each hostile header is refused with its reason, before any decoding")
    func refused() throws {
        for file in try Self.hostileFiles() {
            #expect {
                try Thumbnailer.render(file.bytes, sizes: Self.sizes)
            } throws: { error in
                String(describing: error).contains(file.says)
            }
            if file.name != "scans.jpg" {
                // The header alone says so: refused before the file would be read whole.
                #expect(throws: ImagingError.self) { try ImageHeader.read(file.bytes) }
            }
        }
    }

    @Test("a library with every hostile header is built: one warning line each, the good photos shown")
    func buildGoesOn() async throws {
        try await withTemporaryDirectory { base in
            let library = base + "/Library"
            for file in try Self.hostileFiles() { try TestPhoto.write(file.bytes, to: library, "Hostile/" + file.name) }
            try TestPhoto.write(try TestPhoto.jpeg(), to: library, "good.jpg")
            try TestPhoto.write(try TestPhoto.png(), to: library, "good.png")
            // Over 1 GB, sparse: refused by its size, never read.
            let huge = library + "/huge.jpg"
            try FileSystem.writeAtomically(try TestPhoto.jpeg(width: 32, height: 32), to: huge)
            let handle = try #require(FileHandle(forWritingAtPath: huge))
            try handle.truncate(atOffset: 1_100_000_000)
            try handle.close()
            let report = try await build(library, into: base + "/Site")
            #expect(report.photos == 2)
            let hostile = try Self.hostileFiles()
            #expect(report.failures.count == hostile.count + 1)
            for file in hostile {
                let lines = report.failures.filter { $0.path == "Hostile/" + file.name }
                #expect(lines.count == 1 && lines[0].reason.contains(file.says), "\(file.name): \(lines)")
            }
            #expect(report.failures.contains { $0.path == "huge.jpg" && $0.reason.contains("over 1 GB") })
            for failure in report.failures { #expect(!failure.description.contains("\n")) }
        }
    }

    @Test(
        "valid JPEGs this libjpeg cannot decode (12-bit, lossless) are refused as such, not as corrupt",
        arguments: [(UInt8(0xC0), UInt8(12)), (UInt8(0xC3), UInt8(8))])
    func unsupportedJPEG(marker: UInt8, precision: UInt8) throws {
        var bytes = try TestPhoto.jpeg(width: 64, height: 48)
        var i = 2
        while i + 4 < bytes.count {
            if bytes[i + 1] == 0xC0 {
                bytes[i + 1] = marker
                bytes[i + 4] = precision
                break
            }
            i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
        }
        #expect {
            try Thumbnailer.render(bytes, sizes: Self.sizes)
        } throws: { error in
            guard case ImagingError.unsupported(let reason) = error else { return false }
            return reason.contains("cannot decode")
        }
    }

    @Test("a HEIF whose image is coded in a way libheif does not know is refused as such")
    func unknownHEIFCodec() throws {
        var bytes = try TestPhoto.quadrants(width: 64, height: 48).heifData(quality: 50)
        let hvc1 = Array("hvc1".utf8)
        for i in 0..<(bytes.count - 4) where Array(bytes[i..<i + 4]) == hvc1 {
            bytes.replaceSubrange(i..<i + 4, with: Array("avc1".utf8))
            break
        }
        #expect(throws: ImagingError.unsupported("a HEIF whose codec (avc1) no library on this machine decodes")) {
            try Thumbnailer.render(bytes, sizes: Self.sizes)
        }
    }

    @Test("no header, however mangled, traps: every format, truncated and bit-flipped")
    func mangled() throws {
        var photos: [[UInt8]] = [try TestPhoto.jpeg(width: 40, height: 30), try TestPhoto.png(width: 40, height: 30)]
        photos += try Self.hostileFiles().map(\.bytes)
        photos.append(try TestPhoto.quadrants(width: 40, height: 30).heifData(quality: 50))
        photos.append(Self.tiff([(256, 3, 40), (257, 3, 30), (0x8769, 4, 200)]))
        var random = SplitMix(seed: 20_261_201)
        for photo in photos {
            let head = min(photo.count, 512)
            for length in stride(from: 0, through: head, by: 7) {
                _ = try? ImageHeader.read(Array(photo.prefix(length)))
            }
            for _ in 0..<150 {
                var mangled = photo
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    let at = Int(random.next() % UInt64(head))
                    mangled[at] = UInt8(truncatingIfNeeded: random.next())
                }
                if let info = try? ImageHeader.read(mangled), info.width * info.height < 4_000_000 {
                    _ = try? Thumbnailer.render(mangled, sizes: ImageSizes(thumbnail: 16, preview: 32))
                }
                _ = ExifReader.read(mangled, format: ImageFormat.sniff(mangled) ?? .jpeg)
            }
        }
    }
}

/// A small deterministic random number generator (SplitMix64), so mangled files are the
/// same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `withTemporaryDirectory` for synchronous code.
func withTemporaryDirectorySync<T>(_ body: (String) throws -> T) throws -> T {
    let path = NSTemporaryDirectory() + "proofsheet-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(FileSystem.realPath(path)!)
}
