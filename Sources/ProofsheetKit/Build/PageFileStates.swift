/// The page files on disk (`data/…`, `albums/…`) as a rebuild found them before writing
/// any: each read once and told whole or damaged as `SiteWriter` tells them (a data file by
/// its name, a page by its seal; an older proofsheet's unsealed page is whole, only out of
/// date). Made while the library is walked (`SiteBuilder`), on the other core, instead of
/// file after file while the site is written: 80 MB at 100,000 photos. A file not listed
/// here (none when the check was made) is checked where it is used.
struct PageFileStates: Sendable {
    /// Whole or not, by path relative to the site.
    private(set) var whole: [String: Bool] = [:]

    init() {}

    /// Reads every page file in `output`.
    init(checking output: String) {
        for file in SiteWriter.pageFiles(in: output) {
            if let isWhole = Self.isWhole(file, in: output) { whole[file] = isWhole }
        }
    }

    /// Whether the page file `file` (`data/…`, `albums/…`) of the site `output` is whole;
    /// nil when there is none.
    static func isWhole(_ file: String, in output: String) -> Bool? {
        let path = output + "/" + file
        if file.hasPrefix("data/") { return PageData.dataFileIsWhole(path) }
        return PageSeal.state(ofFile: path, mark: nil).map { $0 != .damaged }
    }
}
