import Foundation
import ProofsheetKit
import Testing

/// HEICs as phones store them: a grid of 512×512 HEVC tiles under one 'grid' item,
/// decoded tile by tile by libde265 on two threads and reduced as the tiles come
/// (heif_tiles.c). The files are written by `Tests/fixtures/heic_grid.py` around tiles
/// coded by libheif's encoder (heif-enc), and judged against vipsthumbnail (libheif).
@Suite("HEIC grids, tile by tile")
struct GridHEICTests {
    static let writer = repositoryRoot + "/Tests/fixtures/heic_grid.py"

    /// A seeded plasma of `width`×`height` (enlarged `zoom` times, pixels repeated, which
    /// keeps large files quick to write) as a grid HEIC at `path`, with `options` for the
    /// writer (--rotate, --mirror, --corrupt-tile).
    static func writeGrid(
        _ path: String, width: Int, height: Int, zoom: Int = 1, options: [String] = [], in root: String
    ) throws {
        if !FileSystem.exists(root + "/plasma.png") {
            try Tool.run(["convert", "-seed", "7", "-size", "400x300", "plasma:red-blue", "plasma.png"], in: root)
        }
        let small = root + "/small-\(UUID().uuidString).v", picture = root + "/picture-\(UUID().uuidString).v"
        try Tool.run(
            ["vips", "thumbnail", "plasma.png", small, "\(width / zoom)", "--height", "\(height / zoom)", "--size", "force"],
            in: root)
        try Tool.run(["vips", "zoom", small, picture, "\(zoom)", "\(zoom)"], in: root)
        try Tool.run(["python3", writer, picture, path] + options, in: root)
        try? FileManager.default.removeItem(atPath: small)
        try? FileManager.default.removeItem(atPath: picture)
    }

    /// Builds `library` with the proofsheet executable; its peak memory in KB and output.
    static func build(_ library: String, _ site: String) throws -> (status: Int32, output: String, kilobytes: Int) {
        try BigPhotoFixtures.peakKB(of: [CommandRunner.executable!, "build", library, "--output", site, "--jobs", "2"])
    }

    /// Each photo of the site against vipsthumbnail's 1600-px preview of its original.
    static func expectLikeVips(_ site: String, _ library: String, in root: String) throws {
        for photo in try readManifest(site).photos {
            let reference = root + "/vips-" + photo.path + ".jpg"
            try Tool.run(["vipsthumbnail", library + "/" + photo.path, "--size", "1600x1600", "-o", reference])
            let difference = try BigPhotoFixtures.greyDifference(site + "/" + photo.preview.src, reference, in: root)
            #expect(difference <= 12, "\(photo.path): mean difference \(difference)/255 from vipsthumbnail's")
        }
    }

    @Test(
        "a phone's 12 MP grid of 48 tiles is a grid, and is shown as libvips shows it",
        .enabled(if: CommandRunner.executable != nil, "needs the proofsheet executable (swift build)"))
    func phoneGrid() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
            try Self.writeGrid(library + "/IMG_0001.heic", width: 4032, height: 3024, in: root)
            // What libheif reads: one primary image of the whole size, made of 48 tiles.
            let info = try Tool.run(["heif-info", library + "/IMG_0001.heic"])
            #expect(info.contains("image: 4032x3024") && info.contains("primary"), "\(info)")
            let boxes = try Tool.run(["heif-info", "-d", library + "/IMG_0001.heic"])
            #expect(boxes.contains("item_type: grid"), "no grid item")
            #expect(boxes.components(separatedBy: "item_type: hvc1").count - 1 == 48, "not 48 tiles")
            #expect(boxes.contains("reference with type 'dimg'"), "no dimg reference")

            let built = try Self.build(library, site)
            #expect(built.status == 0 && built.output.contains("Built 1 photo"), "\(built.output)")
            let photo = try #require(try readManifest(site).photos.first)
            #expect(photo.width == 4032 && photo.height == 3024)
            try Self.expectLikeVips(site, library, in: root)
        }
    }

    @Test(
        "a grid turned and mirrored by its irot and imir is shown upright, as libvips shows it",
        .enabled(if: CommandRunner.executable != nil, "needs the proofsheet executable (swift build)"))
    func rotatedGrid() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
            let turns: [(name: String, options: [String], swaps: Bool)] = [
                ("turned.heic", ["--rotate", "1"], true),
                ("turned-mirrored.heic", ["--rotate", "3", "--mirror", "0"], true),
                ("mirrored.heic", ["--mirror", "1"], false),
            ]
            for turn in turns {
                try Self.writeGrid(library + "/" + turn.name, width: 2048, height: 1536, options: turn.options, in: root)
            }
            let built = try Self.build(library, site)
            #expect(built.status == 0 && built.output.contains("Built 3 photos"), "\(built.output)")
            for photo in try readManifest(site).photos {
                let turn = try #require(turns.first { $0.name == photo.path })
                #expect(turn.swaps ? photo.width == 1536 && photo.height == 2048 : photo.width == 2048 && photo.height == 1536)
            }
            try Self.expectLikeVips(site, library, in: root)
        }
    }

    @Test(
        "a real phone's grid (a Xiaomi's, 24 tiles) is shown with its camera and date, as libvips shows it",
        .enabled(if: CommandRunner.executable != nil, "needs the proofsheet executable (swift build)"))
    func realPhone() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            let original = try FileSystem.read(repositoryRoot + "/Tests/fixtures/heic/Xiaomi.heic")
            try TestPhoto.write(original, to: library, "IMG_20230427.heic")
            let boxes = try Tool.run(["heif-info", "-d", library + "/IMG_20230427.heic"])
            #expect(boxes.contains("item_type: grid"), "no grid item")
            #expect(boxes.components(separatedBy: "item_type: hvc1").count - 1 == 24, "not 24 tiles")
            let built = try Self.build(library, site)
            #expect(built.status == 0 && built.output.contains("Built 1 photo"), "\(built.output)")
            let photo = try #require(try readManifest(site).photos.first)
            // exiftool: Xiaomi M2012K11AG, 2023:04:27 19:44:18, 1/50, f/2.4, ISO 62, 4.0 mm.
            #expect((photo.width, photo.height) == (2592, 1944))
            #expect(photo.camera == "Xiaomi M2012K11AG" && photo.date == "2023-04-27T19:44:18")
            #expect(photo.exposure == "1/50 s" && photo.aperture == "f/2.4" && photo.iso == 62)
            try Self.expectLikeVips(site, library, in: root)
        }
    }

    @Test(
        "a 200 MP grid (16320×12240, 768 tiles) builds within 400 MB, as libvips shows it",
        .enabled(if: CommandRunner.executable != nil, "needs the proofsheet executable (swift build)"))
    func bigGrid() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
            try Self.writeGrid(library + "/samsung.heic", width: 16320, height: 12240, zoom: 8, in: root)
            let built = try Self.build(library, site)
            #expect(built.status == 0 && built.output.contains("Built 1 photo"), "\(built.output)")
            if BigPhotoFixtures.measuresMemory {
                #expect(built.kilobytes < BigPhotoFixtures.peakLimitKB, "peak memory \(built.kilobytes / 1024) MB")
            }
            let photo = try #require(try readManifest(site).photos.first)
            #expect(photo.width == 16320 && photo.height == 12240)
            try Self.expectLikeVips(site, library, in: root)
        }
    }

    @Test(
        "a grid's ICC profile is converted to sRGB, as libvips converts it",
        .enabled(if: CommandRunner.executable != nil, "needs the proofsheet executable (swift build)"))
    func taggedGrid() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
            // A flat colour whose ProPhoto RGB numbers are far from its sRGB ones.
            try Tool.run(["convert", "-size", "1024x768", "xc:rgb(100,150,200)", "flat.png"], in: root)
            try Tool.run(["python3", Self.writer, "flat.png", library + "/tagged.heic", "--icc", Profiles.proPhoto], in: root)
            let built = try Self.build(library, site)
            #expect(built.status == 0 && built.output.contains("Built 1 photo"), "\(built.output)")
            let photo = try #require(try readManifest(site).photos.first)
            let ours = try Pixels(decoding: try FileSystem.read(site + "/" + photo.preview.src))
            let theirs = try Vips.thumbnail(library + "/tagged.heic", longEdge: 1024, exportSRGB: true, in: root)
            let difference = ours.meanDifference(to: theirs)
            #expect(max(difference.red, difference.green, difference.blue) <= 3, "\(difference) from vipsthumbnail's")
            let centre = ours.pixel(x: ours.width / 2, y: ours.height / 2)
            #expect(abs(centre.red - 100) + abs(centre.green - 150) + abs(centre.blue - 200) > 30, "not converted: \(centre)")
        }
    }

    @Test(
        "a grid with a corrupt tile is refused with one line naming the file and the tile",
        .enabled(if: CommandRunner.executable != nil, "needs the proofsheet executable (swift build)"))
    func corruptTile() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
            try Self.writeGrid(library + "/broken.heic", width: 2048, height: 1536, options: ["--corrupt-tile", "5"], in: root)
            try Self.writeGrid(library + "/sound.heic", width: 2048, height: 1536, in: root)
            let built = try Self.build(library, site)
            #expect(built.status == 0 && built.output.contains("1 failed"), "\(built.output)")
            let lines = built.output.split(separator: "\n").filter { $0.contains("broken.heic") }
            #expect(lines.count == 1, "\(built.output)")
            #expect(lines.first?.contains("tile 6 of 12 (row 2, column 2) cannot be decoded") == true, "\(built.output)")
            #expect(try readManifest(site).photos.map(\.path) == ["sound.heic"])
        }
    }
}
