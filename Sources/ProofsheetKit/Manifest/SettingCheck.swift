/// What values one setting takes: the one check of both its command-line option (the
/// parser checks the value given) and the value a site stored (`SiteSettings.storedProblem`
/// checks what `manifest.json` holds before a rebuild uses it), so a hand-edited or hostile
/// manifest cannot hold what the command line refuses — a `thumbSize` of 2^63−1 that
/// overflowed the thumbnailer, a `0` that published 1×1 thumbnails.
///
/// A new setting gets its check here, beside the others, and names it on its line in
/// `SiteSettings.fields`; its option's parser calls the same check.
public struct SettingCheck<Value>: Sendable {
    /// What the setting takes, as a message says it after "needs": `a whole number from 32 to 4096`.
    public let expected: String
    private let rule: @Sendable (Value) -> Bool

    public init(expected: String, _ rule: @escaping @Sendable (Value) -> Bool) {
        self.expected = expected
        self.rule = rule
    }

    public func accepts(_ value: Value) -> Bool { rule(value) }
}

extension SettingCheck where Value == Int {
    public static func wholeNumber(_ range: ClosedRange<Int>) -> SettingCheck {
        SettingCheck(expected: "a whole number from \(range.lowerBound) to \(range.upperBound)") { range.contains($0) }
    }
}

extension SettingCheck where Value == String {
    /// Not empty, and not longer than `limit` Unicode scalars (what a scalar costs is
    /// bounded; a `Character` is not: "e" and a million combining accents is one).
    public static func text(upTo limit: Int, blank: Bool = true) -> SettingCheck {
        SettingCheck(expected: "a text of 1 to \(limit) characters" + (blank ? "" : ", not only spaces")) { text in
            var count = 0
            for _ in text.unicodeScalars {
                count += 1
                if count > limit { return false }
            }
            return count > 0 && (blank || text.unicodeScalars.contains { !$0.properties.isWhitespace })
        }
    }
}

extension SiteSettings {
    /// The checks of the settings (and of their options). Why each bound:
    public enum Checks {
        /// A gallery holds at most that many photos to pick from in practice.
        public static let limit = SettingCheck<Int>.wholeNumber(0...100_000)
        public static let minimum = SettingCheck<Int>.wholeNumber(0...100_000)
        /// The one rule between the two, for the options and the stored settings alike: a
        /// minimum a selection can meet, at most the limit (0: no limit).
        public static func fits(minimum: Int, limit: Int) -> Bool { limit <= 0 || minimum <= limit }
        /// Below 32 px a thumbnail shows nothing; above 4096 it is a preview.
        public static let thumbSize = SettingCheck<Int>.wholeNumber(32...4096)
        public static let previewSize = SettingCheck<Int>.wholeNumber(64...8192)
        /// JPEG quality, as libjpeg takes it.
        public static let quality = SettingCheck<Int>.wholeNumber(1...100)
        public static let watermarkOpacity = SettingCheck<Int>.wholeNumber(1...100)
        /// A watermark is a word, a name or a web address: 100 characters hold any of them
        /// across a preview, and bound what drawing it costs (its copies, each as long as the
        /// text, cost the square of its length: 1,200 characters took 30 s a photo).
        public static let watermark = SettingCheck<String>.text(upTo: Watermark.maximumLength, blank: false)
        /// Resolved to an absolute path when given (`Watermark.Font`), so a rebuild from
        /// another folder finds the same file.
        public static let watermarkFont = SettingCheck<String>(expected: "an absolute path to a font file") {
            $0.hasPrefix("/") && !$0.utf8.contains(0)
        }
        /// An `--exclude` pattern (an empty one clears them on the command line; none is stored).
        public static let exclude = SettingCheck<String>(expected: "a pattern that is not empty") { !$0.isEmpty }
        public static let contact = SettingCheck<String>(expected: "an email address or a web address") {
            ContactAddress.problem($0) == nil
        }
        /// Why `name` is not a logo's name in a site (`assets/logo-` 16 hex digits `.png` or
        /// `.jpg`, as the build names the logo it copies there), or nil: the stored setting's check.
        public static func logoProblem(storedName name: String) -> String? {
            let hex = "0123456789abcdef"
            guard name.hasPrefix("assets/logo-"), name.hasSuffix(".png") || name.hasSuffix(".jpg") else {
                return "is not the name of a logo in the site"
            }
            let digits = name.dropFirst("assets/logo-".count).dropLast(4)
            return digits.count == 16 && digits.allSatisfy(hex.contains) ? nil : "is not the name of a logo in the site"
        }
    }
}
