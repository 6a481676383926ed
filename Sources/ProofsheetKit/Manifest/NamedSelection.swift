import Foundation

/// One of a gallery's named selections (`build --selection "Album:20-30"`): a list the
/// client fills with its own picks, in its own order, between its minimum and its limit
/// (issue 31: "30 photos for the album, 15 for the parents' album, 1 for the cover").
///
/// Without any, the gallery has the single selection of `--limit` and `--min`, and its
/// site is what it was before named selections existed, byte for byte.
public struct NamedSelection: Sendable, Equatable, Hashable, Codable {
    public var name: String
    /// 0: no minimum.
    public var minimum: Int
    /// At least 1 (a named selection holds something).
    public var limit: Int

    public static let maximumCount = 50
    public static let maximumNameLength = 64
    public static let limits = 1...100_000

    enum CodingKeys: String, CodingKey {
        case name
        case minimum = "min"
        case limit
    }

    public init(name: String, minimum: Int = 0, limit: Int) {
        self.name = name
        self.minimum = minimum
        self.limit = limit
    }

    /// `Album:30` (at most 30), `Album:20-30` (20 to 30); the name is all before the last
    /// `:`, so it may hold one itself.
    public init(parsing spec: String) throws(SpecProblem) {
        guard let colon = spec.lastIndex(of: ":") else {
            throw SpecProblem(spec: spec, reason: "is NAME:MAX or NAME:MIN-MAX (Album:30, Album:20-30)")
        }
        let name = String(spec[..<colon])
        let range = spec[spec.index(after: colon)...]
        let bounds = range.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(bounds.count), bounds.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let values = Optional(bounds.compactMap { Int($0) }), values.count == bounds.count
        else {
            throw SpecProblem(spec: spec, reason: "needs a number after the ':' (MAX, or MIN-MAX), not '\(range)'")
        }
        self.init(name: name, minimum: values.count == 2 ? values[0] : 0, limit: values[values.count - 1])
        if let reason = problem { throw SpecProblem(spec: spec, reason: reason) }
    }

    /// Why a `--selection` value cannot be used.
    public struct SpecProblem: Error, Equatable, Sendable {
        public var spec: String
        public var reason: String
    }

    /// `Album:20-30`, as the option takes it and messages show it.
    public var spec: String { minimum > 0 ? "\(name):\(minimum)-\(limit)" : "\(name):\(limit)" }

    /// Why this selection cannot be one of a gallery's (a stored one is checked as the
    /// option is); nil when it can.
    public var problem: String? {
        let scalars = name.unicodeScalars
        if name.trimmingCharacters(in: .whitespaces).isEmpty { return "needs a name before the ':'" }
        if scalars.count > Self.maximumNameLength { return "has a name longer than \(Self.maximumNameLength) characters" }
        if scalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            return "has a control character in its name"
        }
        if name != name.trimmingCharacters(in: .whitespaces) { return "has spaces around its name" }
        if !Self.limits.contains(limit) { return "needs a limit from 1 to \(Self.limits.upperBound), not \(limit)" }
        if minimum < 0 || minimum > limit { return "has a minimum of \(minimum) above its limit of \(limit)" }
        return nil
    }
}

/// A gallery's named selections, as a setting: stored in the manifest only when there
/// are some, so a gallery without them is written as before.
public struct NamedSelections: Sendable, Equatable, Codable {
    public var list: [NamedSelection]

    public init(_ list: [NamedSelection] = []) { self.list = list }

    public init(from decoder: any Decoder) throws {
        list = try decoder.singleValueContainer().decode([NamedSelection].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(list)
    }

    /// Why these cannot be a gallery's selections: too many, two of one name (in any
    /// case), or one that is not valid; nil when they can.
    public var problem: String? {
        if list.count > NamedSelection.maximumCount { return "\(list.count) selections; at most \(NamedSelection.maximumCount)" }
        var seen = Set<String>()
        for selection in list {
            if let reason = selection.problem { return "'\(selection.spec)' \(reason)" }
            if !seen.insert(selection.name.lowercased()).inserted { return "two selections are named '\(selection.name)'" }
        }
        return nil
    }
}

extension NamedSelections: SettingValue {
    var shown: String { list.isEmpty ? "none" : list.map { "'\($0.spec)'" }.joined(separator: ", ") }

    func encode(to container: inout KeyedEncodingContainer<SiteSettings.Key>, forKey key: SiteSettings.Key) throws {
        if !list.isEmpty { try container.encode(self, forKey: key) }
    }
}
