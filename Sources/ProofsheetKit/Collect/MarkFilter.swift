/// Which marked photos `collect --list` lists (`--label red`, `--stars 4`, `--rejected`):
/// each condition given must hold.
public struct MarkFilter: Sendable, Equatable {
    public var label: ColorLabel?
    /// At least this many stars (as Lightroom's filter reads "4 stars": 4 or 5).
    public var stars: Int?
    public var rejected: Bool

    public init(label: ColorLabel? = nil, stars: Int? = nil, rejected: Bool = false) {
        self.label = label
        self.stars = stars
        self.rejected = rejected
    }

    public func matches(_ mark: PhotoMark) -> Bool {
        if let label, mark.label != label { return false }
        if let stars, mark.rejected || mark.rating < stars { return false }
        if rejected && !mark.rejected { return false }
        return true
    }

    /// The marked photos that match, as an order's picks (in the order of the marks), so
    /// every list format and the library's lookup take them as they take picks.
    func picks(of order: OrderFile) -> OrderFile {
        var file = order
        file.selections = []
        file.limit = nil
        file.minimum = nil
        file.picks = order.marks.filter { matches($0.mark) }.enumerated().map { index, mark in
            OrderFile.Pick(order: index + 1, id: mark.id, path: mark.path, pathBytes: mark.pathBytes)
        }
        return file
    }
}
