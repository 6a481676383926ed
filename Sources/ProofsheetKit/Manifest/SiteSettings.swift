/// The settings that shape a gallery, kept in the site (`manifest.json`'s `options`) so a
/// rebuild without options builds the same gallery, and an option given changes only
/// what it names.
///
/// A new setting is a stored property with its default below and one line in `fields`
/// (its key in the manifest and its option's name); storing, reading older sites that
/// lack it, keeping it across rebuilds and saying when it changed all follow from that.
public struct SiteSettings: Sendable, Equatable, Codable {
    /// nil: the library folder's name.
    public var title: String?
    /// How many photos a viewer may pick; 0 means no limit.
    public var limit = 1
    /// How many photos a final selection holds at least (`--min`); 0 means no minimum.
    public var minimum = 0
    public var sort = PhotoSort.date
    public var thumbSize = 400
    public var previewSize = 1600
    /// JPEG quality of the images, 1–100.
    public var quality = 82
    /// `--exclude` globs.
    public var excludes: [String] = []
    public var includeGPS = false
    /// `--watermark` text; nil: none.
    public var watermark: String?
    /// Percent, 1–100.
    public var watermarkOpacity = Int(Watermark.defaultOpacity * 100)
    /// An absolute path; nil: DejaVu Sans Bold, found at run time. Never published
    /// (`published`): kept in `.proofsheet-site`.
    public var watermarkFont: String?
    /// Where the page's Send button mails the picks (`--contact`), and whom it names.
    public var contact: String?
    public var contactName: String?
    /// Instructions shown at the top of the page (`--message`).
    public var message: String?
    /// The photo the page opens on (`--cover`), by its path in the library; nil: the first.
    public var cover: String?
    /// The logo as the site carries it (`assets/logo-HASH.png`), copied
    /// there from the file `--logo` named; nil: none.
    public var logo: String?
    /// The photographer's colour, `#RRGGBB` (`--accent`, `AccentColor`); nil: the page's own.
    public var accent: String?
    /// Named selections (`--selection NAME:MIN-MAX`, repeatable); none: the single
    /// selection of `limit` and `minimum`.
    public var selections = NamedSelections()
    /// The page's language (`--lang`, `PageLanguage`); nil: English.
    public var language: String?

    public init() {}

    static var fields: [Field] {
        [
            Field("title", \.title, none: "the folder's name"),
            Field("limit", \.limit, Checks.limit),
            Field("minimum", option: "min", \.minimum, Checks.minimum),
            Field("sort", \.sort),
            Field("thumbSize", option: "thumb-size", \.thumbSize, Checks.thumbSize),
            Field("previewSize", option: "preview-size", \.previewSize, Checks.previewSize),
            Field("quality", \.quality, Checks.quality),
            Field("excludes", option: "exclude", \.excludes, each: Checks.exclude),
            Field("includeGPS", option: "include-gps", \.includeGPS),
            Field("watermark", \.watermark, Checks.watermark),
            Field("watermarkOpacity", option: "watermark-opacity", \.watermarkOpacity, Checks.watermarkOpacity),
            Field("watermarkFont", option: "watermark-font", \.watermarkFont, Checks.watermarkFont),
            Field("contact", \.contact, Checks.contact),
            Field("contactName", option: "contact-name", \.contactName),
            Field("message", \.message),
            Field("cover", \.cover, none: "the first photo"),
            Field("logo", \.logo),
            Field("accent", \.accent),
            Field("selections", option: "selection", \.selections),
            Field("language", option: "lang", \.language, none: "en"),
        ]
    }

    /// The first setting among `keys` (every one when nil) that fails its check
    /// (`SettingCheck`), and why: "needs a whole number from 32 to 4096, not 0". A rebuild
    /// asks this of the settings a site stored before it uses any of them.
    public func problem(among keys: Set<String>? = nil) -> (key: String, option: String, reason: String)? {
        for field in Self.fields where keys?.contains(field.key) ?? true {
            if let reason = field.problem(self) { return (field.key, field.option, reason) }
        }
        return nil
    }

    public var sizes: ImageSizes {
        ImageSizes(
            thumbnail: thumbSize, preview: previewSize, quality: quality,
            watermark: watermark.map { Watermark(text: $0, opacity: Double(watermarkOpacity) / 100, font: watermarkFont) })
    }
    /// Why these settings cannot make a gallery (a rebuild's `--limit` below the site's
    /// `--min`), as one line; nil when they can.
    public var problem: String? {
        if !Checks.fits(minimum: minimum, limit: limit) {
            return "--min \(minimum) is above --limit \(limit); lower --min (0: no minimum) or raise --limit (0: no limit)"
        }
        if let contact, let reason = ContactAddress.problem(contact) { return "--contact '\(contact)' \(reason)" }
        if let cover, let reason = CoverPhoto.problem(cover) { return "--cover '\(cover)' \(reason)" }
        if let logo, let reason = Checks.logoProblem(storedName: logo) { return "--logo '\(logo)' \(reason)" }
        if let accent, let reason = AccentColor.problem(accent) { return "--accent '\(accent)' \(reason)" }
        if let language, let reason = PageLanguage.problem(language) { return "--lang '\(language)' \(reason)" }
        return nil
    }

    /// The settings as the site's `manifest.json` holds them, which goes to the client with
    /// the site: without paths of this machine. The watermark's font file is kept in the
    /// private `.proofsheet-site` instead (`SiteMarker`).
    public var published: SiteSettings {
        var settings = self
        settings.watermarkFont = nil
        return settings
    }

    /// The page's language; `.en` when none is set.
    public var pageLanguage: PageLanguage { language.flatMap(PageLanguage.init) ?? .en }

    public var rules: LibraryRules { LibraryRules(excludes: excludes.map(ExcludePattern.init)) }

    /// The settings `given` names taken from `given`, the rest from `self`; and what
    /// changed, as people read it (`limit 30 → 10`).
    func updated(with given: SiteSettings, names: Set<String>) -> (settings: SiteSettings, changes: [String]) {
        var result = self
        var changes: [String] = []
        for field in Self.fields where names.contains(field.key) {
            if field.differs(self, given) { changes.append("\(field.option) \(field.show(self)) → \(field.show(given))") }
            field.copy(given, &result)
        }
        return (result, changes)
    }

    /// One setting: where it is, and how it is stored, compared and shown.
    struct Field {
        /// A text setting whose absence means something (`none`: "the folder's name").
        init(_ key: String, option: String? = nil, _ keyPath: WritableKeyPath<SiteSettings, String?>, none: String) {
            self.init(key, option: option, keyPath)
            show = { $0[keyPath: keyPath].map { "\"\($0)\"" } ?? none }
        }

        /// Its key in the manifest.
        let key: String
        /// The option that sets it, as messages name it.
        let option: String
        let keyPath: PartialKeyPath<SiteSettings>
        let differs: (SiteSettings, SiteSettings) -> Bool
        let copy: (SiteSettings, inout SiteSettings) -> Void
        private(set) var show: (SiteSettings) -> String
        let encode: (SiteSettings, inout KeyedEncodingContainer<Key>) throws -> Void
        let decode: (KeyedDecodingContainer<Key>, inout SiteSettings) throws -> Void

        /// Why the value of this setting in some settings fails its check; nil when it passes.
        private(set) var problem: (SiteSettings) -> String? = { _ in nil }

        init(_ key: String, option: String? = nil, _ keyPath: WritableKeyPath<SiteSettings, Int>, _ check: SettingCheck<Int>) {
            self.init(key, option: option, keyPath)
            problem = { check.accepts($0[keyPath: keyPath]) ? nil : "needs \(check.expected), not \($0[keyPath: keyPath])" }
        }

        /// A text setting, checked when it is set.
        init(_ key: String, option: String? = nil, _ keyPath: WritableKeyPath<SiteSettings, String?>, _ check: SettingCheck<String>) {
            self.init(key, option: option, keyPath)
            problem = { settings in
                settings[keyPath: keyPath].flatMap { check.accepts($0) ? nil : "needs \(check.expected), not \(Self.quoted($0))" }
            }
        }

        /// A list setting, each of its values checked.
        init(_ key: String, option: String? = nil, _ keyPath: WritableKeyPath<SiteSettings, [String]>, each check: SettingCheck<String>) {
            self.init(key, option: option, keyPath)
            problem = { settings in
                settings[keyPath: keyPath].first { !check.accepts($0) }.map { "needs \(check.expected), not \(Self.quoted($0))" }
            }
        }

        /// Named selections, checked as a whole (names unique across them).
        init(_ key: String, option: String? = nil, _ keyPath: WritableKeyPath<SiteSettings, NamedSelections>) {
            self.init(key, option: option, keyPath as WritableKeyPath<SiteSettings, NamedSelections>, checked: true)
            problem = { $0[keyPath: keyPath].problem.map { "needs valid selections: \($0)" } }
        }

        /// A value in a message: quoted, and at most 40 characters of it.
        static func quoted(_ text: String) -> String {
            let scalars = text.unicodeScalars
            if scalars.count <= 40 { return "'\(text)'" }
            return "'" + String(String.UnicodeScalarView(scalars.prefix(40))) + "…' (\(scalars.count) characters)"
        }

        init<Value: SettingValue>(
            _ key: String, option: String? = nil, _ keyPath: WritableKeyPath<SiteSettings, Value>, checked: Bool = false
        ) {
            self.key = key
            self.option = option ?? key
            self.keyPath = keyPath
            differs = { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
            copy = { $1[keyPath: keyPath] = $0[keyPath: keyPath] }
            show = { $0[keyPath: keyPath].shown }
            encode = { settings, container in
                try settings[keyPath: keyPath].encode(to: &container, forKey: Key(key))
            }
            decode = { container, settings in
                if let value = try Value.decode(from: container, forKey: Key(key)) { settings[keyPath: keyPath] = value }
            }
        }
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A setting missing from the manifest (an older site, or a newer setting) keeps its default.
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: Key.self)
        for field in Self.fields { try field.decode(container, &self) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for field in Self.fields { try field.encode(self, &container) }
    }
}

/// What a setting's value must do: be stored, compared and shown in a message.
protocol SettingValue: Codable, Equatable {
    /// As the summary shows it: `30`, `"Anna & Ben"`, `on`.
    var shown: String { get }
    func encode(to container: inout KeyedEncodingContainer<SiteSettings.Key>, forKey key: SiteSettings.Key) throws
    /// nil when the manifest does not have it.
    static func decode(from container: KeyedDecodingContainer<SiteSettings.Key>, forKey key: SiteSettings.Key) throws -> Self?
}

extension SettingValue {
    func encode(to container: inout KeyedEncodingContainer<SiteSettings.Key>, forKey key: SiteSettings.Key) throws {
        try container.encode(self, forKey: key)
    }

    static func decode(from container: KeyedDecodingContainer<SiteSettings.Key>, forKey key: SiteSettings.Key) throws -> Self? {
        try container.decodeIfPresent(Self.self, forKey: key)
    }
}

extension Int: SettingValue {
    var shown: String { String(self) }
}

extension Bool: SettingValue {
    var shown: String { self ? "on" : "off" }
}

extension PhotoSort: SettingValue {
    var shown: String { rawValue }
}

extension Array: SettingValue where Element == String {
    var shown: String { isEmpty ? "none" : map { "'\($0)'" }.joined(separator: ", ") }
}

extension Optional: SettingValue where Wrapped == String {
    var shown: String { map { "\"\($0)\"" } ?? "none" }

    /// Absent and `null` are both "not set".
    func encode(to container: inout KeyedEncodingContainer<SiteSettings.Key>, forKey key: SiteSettings.Key) throws {
        try container.encodeIfPresent(self, forKey: key)
    }

    static func decode(from container: KeyedDecodingContainer<SiteSettings.Key>, forKey key: SiteSettings.Key) throws -> String?? {
        .some(try container.decodeIfPresent(String.self, forKey: key))
    }
}
