/// The language the client's page speaks (`build --lang`): its words come from
/// `Templates/words/CODE.json`, its dates and numbers are written as the language writes them.
public enum PageLanguage: String, Sendable, CaseIterable {
    case en, de, fr, es

    /// The four codes, as a message lists them: `en, de, fr, es`.
    public static let codes = allCases.map(\.rawValue).joined(separator: ", ")

    /// Why `text` is not a language the page speaks, or nil when it is one.
    public static func problem(_ text: String) -> String? {
        PageLanguage(rawValue: text) == nil ? "is not a language the page speaks: \(codes)" : nil
    }
}
