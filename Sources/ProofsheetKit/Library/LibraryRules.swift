/// What the gallery leaves out of a library on purpose: hidden files and folders (a name
/// starting with `.`) and what `--exclude` matches. The scanner applies these rules while
/// it walks; `collect` asks the same question of a path an order file names, so a photo
/// the gallery never showed is never collected.
public struct LibraryRules: Sendable, Equatable {
    public var excludes: [ExcludePattern]

    public init(excludes: [ExcludePattern] = []) {
        self.excludes = excludes
    }

    public enum LeftOut: Sendable, Equatable {
        /// The file or one of its folders is hidden (named `.…`); the component is given.
        case hidden(BytePath)
        /// The file or one of its folders matches an exclude pattern.
        case excluded(glob: String, BytePath)

        public var reason: String {
            switch self {
            case .hidden(let component): "hidden ('\(component.readable)' starts with a dot), so not in the gallery"
            case .excluded(let glob, let path): "excluded by --exclude '\(glob)' ('\(path.readable)'), so not in the gallery"
            }
        }
    }

    /// Whether an entry the scanner meets (its folders already passed) is left out.
    public func leavesOutEntry(_ relative: BytePath) -> LeftOut? {
        leavesOutEntry(relative, name: relative.lastComponent)
    }

    /// The same, its name (`relative.lastComponent`) given.
    func leavesOutEntry(_ relative: BytePath, name: BytePath) -> LeftOut? {
        if name.bytes.first == UInt8(ascii: ".") { return .hidden(name) }
        if let glob = excludes.first(where: { $0.matches(relative) })?.glob { return .excluded(glob: glob, relative) }
        return nil
    }

    /// Whether a path relative to the library is left out: it, or any folder it is in,
    /// is hidden or excluded. nil when the gallery would show it (if it is an image).
    public func leavesOut(_ relative: BytePath) -> LeftOut? {
        var prefix = BytePath(bytes: [])
        for component in relative.components {
            prefix = prefix.appending(component)
            if let reason = leavesOutEntry(prefix) { return reason }
        }
        return nil
    }
}
