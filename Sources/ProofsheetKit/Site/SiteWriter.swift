import Foundation

/// The write step: assets, then `manifest.json`, then `index.html` (each atomically), and
/// only then the deletion of what nothing refers to any more.
struct SiteWriter {
    var output: String
    var templates: TemplateSet
    /// Which templates and program render the page (see `pageMark`).
    var pageKey: String

    init(output: String, templates: TemplateSet) {
        self.output = output
        self.templates = templates
        self.pageKey = Self.pageKey(templates: templates)
    }

    func write(_ manifest: Manifest, previous: PreviousSite?) throws {
        let stylesheet = try Self.writeAsset(templates.css, name: "proofsheet", ext: "css", in: output)
        let script = try Self.writeAsset(templates.javascript, name: "proofsheet", ext: "js", in: output)

        // Nothing changed: the manifest is the one on disk, and the page ends with the mark
        // of that manifest and these templates (a build killed between writing the two
        // leaves the old mark). Encoding and rendering 10,000 photos is most of a
        // rebuild's time, so both are skipped.
        if let previous, manifest == previous.manifest,
            let page = try? FileSystem.read(output + "/index.html"),
            page.reversed().starts(with: Self.pageMark(pageKey: pageKey, manifestDigest: previous.digest).utf8.reversed())
        {
            // The page is current.
        } else {
            // One encoding serves both: the page embeds it, manifest.json is it plus a
            // newline (compact: pretty-printing 10,000 photos doubled the encoding time).
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let json = try encoder.encode(manifest)
            let manifestBytes = Array(json) + [UInt8(ascii: "\n")]
            let page = try PageRenderer(templates: templates, stylesheet: stylesheet, script: script)
                .render(manifest, manifestJSON: String(decoding: json, as: UTF8.self))
                + Self.pageMark(pageKey: pageKey, manifestDigest: PreviousSite.digest(manifestBytes))

            // The manifest first, then the page: a build killed between the two leaves the
            // old page, whose images are all still there, and a manifest the next build can use.
            try FileSystem.writeIfChanged(manifestBytes, to: output + "/manifest.json")
            try FileSystem.writeIfChanged(Array(page.utf8), to: output + "/index.html")
        }

        // Only now that nothing refers to them: delete images of removed or changed photos,
        // old assets, and temporary files of interrupted builds.
        var referenced = Set([stylesheet, script])
        for photo in manifest.photos {
            referenced.formUnion([photo.thumb.src, photo.thumb2x.src, photo.preview.src])
        }
        for folder in ["thumbs", "previews", "assets"] {
            for name in FileSystem.contents(of: output + "/" + folder) where !referenced.contains(folder + "/" + name) {
                FileSystem.remove(output + "/" + folder + "/" + name)
            }
        }
        for name in FileSystem.contents(of: output) where name.hasPrefix(".") && name.contains(".tmp-") {
            FileSystem.remove(output + "/" + name)
        }
    }

    /// The templates (as loaded, so the key matches what renders the page) and the
    /// program that render the page.
    static func pageKey(templates: TemplateSet) -> String {
        var hash = StableHash()
        hash.combine(Proofsheet.generator)
        for text in [templates.index.source, templates.album.source, templates.photo.source, templates.css, templates.javascript] {
            hash.combine(text)
        }
        return hash.hex(digits: 16)
    }

    /// The last line of `index.html`: which templates and which manifest (by digest) it
    /// was rendered from. Content only, so the same inputs still give the same bytes.
    static func pageMark(pageKey: String, manifestDigest: String) -> String {
        "<!-- proofsheet page \(pageKey) manifest \(manifestDigest) -->\n"
    }

    /// Assets are named by their content, so a new page never loads an old script.
    static func writeAsset(_ text: String, name: String, ext: String, in output: String) throws -> String {
        let relative = "assets/\(name)-\(StableHash.hex(of: text, digits: 8)).\(ext)"
        try FileSystem.writeIfChanged(Array(text.utf8), to: output + "/" + relative)
        return relative
    }
}
