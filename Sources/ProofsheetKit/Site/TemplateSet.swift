import Foundation

/// The page's templates: the HTML skeleton, the album and photo fragments, CSS and JS.
public struct TemplateSet: Sendable {
    public static let fileNames = ["index.html", "album.html", "photo.html", "proofsheet.css", "proofsheet.js"]

    public var directory: String
    public var index: Template
    public var album: Template
    public var photo: Template
    public var css: String
    public var javascript: String

    /// Loads the templates from a folder; every file must be there.
    public init(directory: String) throws {
        func load(_ name: String) throws -> String {
            let path = directory + "/" + name
            guard FileSystem.kind(of: path) != nil else {
                throw ProofsheetError(path, "template missing (a templates folder needs \(Self.fileNames.joined(separator: ", ")))")
            }
            let bytes = try FileSystem.read(path)
            return String(decoding: bytes, as: UTF8.self)
        }
        self.directory = directory
        index = Template(name: directory + "/index.html", source: try load("index.html"))
        album = Template(name: directory + "/album.html", source: try load("album.html"))
        photo = Template(name: directory + "/photo.html", source: try load("photo.html"))
        css = try load("proofsheet.css")
        javascript = try load("proofsheet.js")
    }

    /// Finds the templates that came with proofsheet: beside an installed binary
    /// (`PREFIX/share/proofsheet/Templates`), in the source tree a binary was built in
    /// (`swift run`, `.build/release`), or where `PROOFSHEET_TEMPLATES` points.
    public static func locateDefault(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var candidates: [String] = []
        if let fromEnvironment = environment["PROOFSHEET_TEMPLATES"], !fromEnvironment.isEmpty {
            candidates.append(fromEnvironment)
        }
        if let executable = Bundle.main.executablePath.flatMap(FileSystem.realPath) {
            var directory = (executable as NSString).deletingLastPathComponent
            candidates.append(directory + "/../share/proofsheet/Templates")
            for _ in 0..<6 {
                candidates.append(directory + "/Templates")
                directory = (directory as NSString).deletingLastPathComponent
            }
        }
        // The source tree this file was compiled in, if it is still there.
        let sourceRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        candidates.append(sourceRoot + "/Templates")
        return candidates.first { FileSystem.kind(of: $0 + "/index.html") != nil }
            .flatMap { FileSystem.realPath($0) }
    }
}
