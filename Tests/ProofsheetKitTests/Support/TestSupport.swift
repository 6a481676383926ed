import Foundation
import ProofsheetKit
import Testing

/// A fresh folder for one test, removed afterwards.
func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async rethrows -> T {
    let path = NSTemporaryDirectory() + "proofsheet-test-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(FileSystem.realPath(path)!)
}

/// The repository root, found from this file's place in it.
let repositoryRoot: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

let templatesDirectory = repositoryRoot + "/Templates"

/// Colours of the four quadrants of an upright test photo: tell which way is up.
enum Quadrant {
    static let topLeft = RGB(red: 220, green: 30, blue: 30)
    static let topRight = RGB(red: 30, green: 200, blue: 40)
    static let bottomLeft = RGB(red: 30, green: 50, blue: 220)
    static let bottomRight = RGB(red: 240, green: 220, blue: 30)
}

/// Makes photos with libgd and libexif, as the tests need them.
enum TestPhoto {
    /// An upright picture with four coloured quadrants, stored as a camera would for
    /// `orientation`, with that EXIF orientation and the given metadata.
    static func jpeg(
        width: Int = 600, height: Int = 400, orientation: Orientation = .up, exif: ExifWriter? = nil, quality: Int = 92
    ) throws -> [UInt8] {
        let canvas = try quadrants(width: width, height: height)
        let stored = try canvas.storedForm(for: orientation)
        var writer = exif ?? ExifWriter()
        writer.orientation = orientation
        return try writer.inserting(into: try stored.jpegData(quality: quality))
    }

    static func png(width: Int = 300, height: Int = 200) throws -> [UInt8] {
        try quadrants(width: width, height: height).pngData()
    }

    static func quadrants(width: Int, height: Int) throws -> Canvas {
        let canvas = try Canvas(width: width, height: height)
        let w = width / 2, h = height / 2
        canvas.fillRectangle(x: 0, y: 0, width: w, height: h, color: Quadrant.topLeft)
        canvas.fillRectangle(x: w, y: 0, width: width - w, height: h, color: Quadrant.topRight)
        canvas.fillRectangle(x: 0, y: h, width: w, height: height - h, color: Quadrant.bottomLeft)
        canvas.fillRectangle(x: w, y: h, width: width - w, height: height - h, color: Quadrant.bottomRight)
        return canvas
    }

    /// Writes bytes to `library/relative`, making folders.
    static func write(_ bytes: [UInt8], to library: String, _ relative: String) throws {
        let path = library + "/" + relative
        try FileSystem.createDirectory((path as NSString).deletingLastPathComponent)
        try FileSystem.writeAtomically(bytes, to: path)
    }
}

/// Checks that a decoded image is upright: each quadrant's centre has its colour.
func expectUpright(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let image = try Canvas(decoding: bytes)
    let w = image.width, h = image.height
    let samples: [(Int, Int, RGB)] = [
        (w / 4, h / 4, Quadrant.topLeft), (3 * w / 4, h / 4, Quadrant.topRight),
        (w / 4, 3 * h / 4, Quadrant.bottomLeft), (3 * w / 4, 3 * h / 4, Quadrant.bottomRight),
    ]
    for (x, y, expected) in samples {
        let actual = image.pixel(x: x, y: y)
        #expect(actual.distance(to: expected) < 40, "pixel (\(x), \(y)) is \(actual), expected \(expected)", sourceLocation: sourceLocation)
    }
}

/// Builds a site with the repository's templates and no output.
func build(_ library: String, into output: String, configure: (inout BuildOptions) -> Void = { _ in }) async throws -> BuildReport {
    var options = BuildOptions(library: library, output: output, jobs: 2, templates: templatesDirectory)
    configure(&options)
    return try await SiteBuilder(options: options).build()
}

func readManifest(_ site: String) throws -> Manifest {
    try JSONDecoder().decode(Manifest.self, from: Data(FileSystem.read(site + "/manifest.json")))
}

func readText(_ path: String) throws -> String {
    String(decoding: try FileSystem.read(path), as: UTF8.self)
}

/// Every file under a folder, relative path → bytes.
func snapshot(_ directory: String) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    let enumerator = FileManager.default.enumerator(atPath: directory)
    while let relative = enumerator?.nextObject() as? String {
        let path = directory + "/" + relative
        if FileSystem.kind(of: path) == .file { files[relative] = try FileSystem.read(path) }
    }
    return files
}
