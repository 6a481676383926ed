/// Version 2 of the order file: marks on photos, and named selections (docs/formats.md).
extension OrderFile {
    /// A marked photo: stars, a colour label, reject — picked or not.
    public struct Mark: Sendable, Equatable {
        /// The photo's content id in the gallery.
        public var id: String?
        /// Relative to the library, `/` separators, checked as a pick's path is.
        public var path: String
        /// The exact bytes of the path when it is not UTF-8 (as a pick's `pathBytes`).
        public var pathBytes: BytePath?
        public var mark: PhotoMark

        public init(id: String? = nil, path: String, pathBytes: BytePath? = nil, mark: PhotoMark) {
            self.id = id
            self.path = path
            self.pathBytes = pathBytes
            self.mark = mark
        }

        /// The path as the file system knows it.
        public var file: BytePath { pathBytes ?? BytePath(path) }
        public var name: String { path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path }
    }

    /// One of the gallery's named selections (`build --selection Album:20-30`): its own
    /// limits and its own picks in the order picked.
    public struct Selection: Sendable, Equatable {
        public var name: String
        public var minimum: Int?
        /// 0 = no limit.
        public var limit: Int?
        public var picks: [Pick]

        public init(name: String, minimum: Int? = nil, limit: Int? = nil, picks: [Pick]) {
            self.name = name
            self.minimum = minimum
            self.limit = limit
            self.picks = picks
        }
    }

    /// The most named selections a file may hold, and the longest name (scalars).
    public static let maximumSelections = 50
    public static let maximumSelectionNameLength = 64

    /// The mark given to a photo, found by its id, else its path (as the order gave it).
    public func mark(for pick: Pick) -> PhotoMark? {
        if let id = pick.id, let found = marks.first(where: { $0.id == id }) { return found.mark }
        return marks.first { $0.file == pick.file }?.mark
    }

    /// The order of one named selection: its picks and limits, this file's marks and the
    /// rest; the order itself when it has no selection of that name.
    public func only(_ selection: Selection) -> OrderFile {
        var file = self
        file.selections = []
        file.picks = selection.picks
        file.limit = selection.limit
        file.minimum = selection.minimum
        return file
    }
}
