import Foundation

/// The page's templates: the HTML skeleton, the album and photo fragments, CSS and JS.
///
/// The script is kept one concern per file under `script/` and joined here, in the fixed
/// order of `scriptFiles`, into the one plain script the page loads: the files share one
/// function's scope (so no module system and no build tool is needed, and nothing but
/// `Proofsheet` becomes global) and each file can be read and edited on its own.
public struct TemplateSet: Sendable {
    /// In the order they are joined: each file may use what the files before it define
    /// when it runs, and anything defined anywhere from inside its functions.
    public static let scriptFiles = [
        "page/core", "page/columns", "page/data", "picks/picks", "page/store", "picks/selections", "picks/notes",
        "grid/rows", "grid/cells", "grid/grid", "grid/pickon", "picks/status", "picks/tray",
        "finish/orderfile", "finish/lists", "finish/actions", "finish/send", "finish/review", "finish/bar", "picks/switcher",
        "grid/print", "grid/browse", "grid/header", "viewer/viewer", "viewer/filmstrip", "grid/focus",
        "marks/marks", "marks/markbar", "page/start",
    ].map { "script/\($0).js" }
    /// The cover title's typeface, copied into every site (`Brand`).
    public static let displayFont = "display-font.woff2"
    /// The page's words, one table per language (`Words`).
    public static let wordFiles = PageLanguage.allCases.map { "words/\($0.rawValue).json" }
    public static let fileNames =
        ["index.html", "album.html", "photo.html", "album-page.html", "proofsheet.css", displayFont] + scriptFiles + wordFiles

    public var directory: String
    public var index: Template
    public var album: Template
    public var photo: Template
    /// A static album page, for browsing without JavaScript.
    public var albumPage: Template
    public var css: String
    public var javascript: String
    /// WOFF2 bytes.
    public var displayFont: [UInt8]
    /// Every language's words; a site carries its own (`words(for:)`).
    public var words: [PageLanguage: Words]

    /// Loads the templates from a folder; every file must be there.
    public init(directory: String) throws {
        func loadBytes(_ name: String) throws -> [UInt8] {
            let path = directory + "/" + name
            guard FileSystem.kind(of: path) != nil else {
                throw ProofsheetError(
                    path,
                    "template missing (a templates folder holds what Templates/ holds: index.html, album.html, photo.html, album-page.html, proofsheet.css, \(Self.displayFont), script/*/*.js and words/*.json)"
                )
            }
            return try FileSystem.read(path)
        }
        func load(_ name: String) throws -> String {
            String(decoding: try loadBytes(name), as: UTF8.self)
        }
        self.directory = directory
        index = Template(name: directory + "/index.html", source: try load("index.html"))
        album = Template(name: directory + "/album.html", source: try load("album.html"))
        photo = Template(name: directory + "/photo.html", source: try load("photo.html"))
        albumPage = Template(name: directory + "/album-page.html", source: try load("album-page.html"))
        css = try load("proofsheet.css")
        javascript = Self.join(try Self.scriptFiles.map { (name: $0, text: try load($0)) })
        displayFont = try loadBytes(Self.displayFont)
        var words: [PageLanguage: Words] = [:]
        for language in PageLanguage.allCases {
            let name = "words/\(language.rawValue).json"
            words[language] = try Words(language: language, bytes: try loadBytes(name), file: directory + "/" + name)
        }
        self.words = words
    }

    /// The words of a site's language.
    public func words(for settings: SiteSettings) -> Words {
        words[settings.pageLanguage]!
    }

    /// The script files as one script: each introduced by its name, all inside one
    /// strict-mode function.
    static func join(_ files: [(name: String, text: String)]) -> String {
        var script = "// The proofsheet page script, joined from Templates/script/ by proofsheet build.\n"
        script += "(function () {\n\"use strict\";\n"
        for file in files {
            script += "\n// ==== \(file.name)\n"
            script += file.text.hasSuffix("\n") ? file.text : file.text + "\n"
        }
        script += "})();\n"
        return script
    }

    /// Finds the templates that came with proofsheet, in the two places documented and
    /// nowhere else: beside an installed binary (`PREFIX/bin/proofsheet` →
    /// `PREFIX/share/proofsheet/Templates`), then the source tree this binary was built
    /// from (`swift build`, `swift run`, `.build/release`), found from the path the
    /// compiler recorded. Folders above the binary are not searched: a `Templates/`
    /// planted there is never used. Anything else is `--templates DIR`.
    public static func locateDefault(executable: String? = Bundle.main.executablePath) -> String? {
        var candidates: [String] = []
        if let executable = executable.flatMap(FileSystem.realPath) {
            let bin = (executable as NSString).deletingLastPathComponent
            candidates.append((bin as NSString).deletingLastPathComponent + "/share/proofsheet/Templates")
        }
        candidates.append(sourceTree + "/Templates")
        return candidates.first { FileSystem.kind(of: $0 + "/index.html") != nil }.flatMap { FileSystem.realPath($0) }
    }

    /// The root of the source tree this file was compiled in.
    static let sourceTree = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
}
