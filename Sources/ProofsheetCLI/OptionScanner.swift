import ProofsheetKit

/// Walks the words of one command: options (`--name value`, `--name=value`, flags) and
/// positional arguments, with `--` ending the options.
struct OptionScanner {
    enum Kind { case flag, value, repeated }

    let command: String
    let specs: [String: Kind]
    private(set) var flags: Set<String> = []
    private(set) var values: [String: String] = [:]
    private(set) var lists: [String: [String]] = [:]
    private(set) var positionals: [String] = []
    private(set) var wantsHelp = false

    init(command: String, specs: [String: Kind], arguments: [String]) throws(UsageError) {
        self.command = command
        self.specs = specs
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" { optionsEnded = true; continue }
            if word == "--help" || word == "-h" { wantsHelp = true; continue }
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let kind = specs[name] else {
                throw UsageError("unknown option '\(name)' for '\(command)'\(Self.suggestion(for: name, in: specs.keys))", command: command)
            }
            switch kind {
            case .flag:
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value", command: command) }
                flags.insert(name)
            case .value, .repeated:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("option '\(name)' needs a value", command: command) }
                    value = arguments[index]
                    index += 1
                }
                if kind == .repeated {
                    lists[name, default: []].append(value)
                } else {
                    guard values[name] == nil else { throw UsageError("option '\(name)' given twice", command: command) }
                    values[name] = value
                }
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name] }
    func list(_ name: String) -> [String] { lists[name] ?? [] }

    /// An integer option within a range.
    func integer(_ name: String, default fallback: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = values[name] else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(
                "option '\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'", command: command)
        }
        return number
    }

    /// A setting's whole-number option, checked by the setting's own check (the one a
    /// stored value goes through too); nil when not given.
    func setting(_ name: String, _ check: SettingCheck<Int>) throws(UsageError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let number = Int(text), check.accepts(number) else {
            throw UsageError("option '\(name)' needs \(check.expected), not '\(text)'", command: command)
        }
        return number
    }

    /// A setting's text option, checked by the setting's own check; nil when not given.
    func setting(_ name: String, _ check: SettingCheck<String>) throws(UsageError) -> String? {
        guard let text = values[name] else { return nil }
        guard check.accepts(text) else {
            throw UsageError("option '\(name)' needs \(check.expected)", command: command)
        }
        return text
    }

    func nonEmpty(_ name: String) throws(UsageError) -> String? {
        guard let text = values[name] else { return nil }
        guard !text.isEmpty else { throw UsageError("option '\(name)' needs a value", command: command) }
        return text
    }

    /// The first of several spellings (`--output`, `-o`) that was given, checked non-empty.
    func nonEmpty(_ names: String...) throws(UsageError) -> String? {
        for name in names {
            if let text = try nonEmpty(name) { return text }
        }
        return nil
    }

    /// " (did you mean '--limit'?)" for a near miss.
    static func suggestion(for name: String, in candidates: Dictionary<String, Kind>.Keys) -> String {
        let best = candidates.min { distance(name, $0) < distance(name, $1) }
        guard let best, distance(name, best) <= 2 else { return "" }
        return " (did you mean '\(best)'?)"
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where !b.isEmpty {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return row[b.count]
    }
}
