import Foundation
import ProofsheetKit

/// Turns the words after `proofsheet` into an `Invocation`: a pure function, so every
/// case is testable without running anything.
public enum ArgumentParser {
    public static let commands = ["build", "join", "collect", "mark", "merge", "demo", "help"]

    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        guard let first = arguments.first else { return .help(topic: nil) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h": return .help(topic: nil)
        case "--version", "-V", "version": return .version
        case "help":
            guard let topic = rest.first else { return .help(topic: nil) }
            guard commands.contains(topic) else {
                throw UsageError("no help for '\(topic)': commands are \(commands.joined(separator: ", "))")
            }
            return .help(topic: topic)
        case "build": return try parseBuild(rest)
        case "join": return try parseJoin(rest)
        case "collect": return try parseCollect(rest)
        case "merge": return try parseMerge(rest)
        case "mark": return try parseMark(rest)
        case "demo": return try parseDemo(rest)
        default:
            if first.hasPrefix("-") {
                throw UsageError("unknown option '\(first)'; a command comes first: \(commands.joined(separator: ", "))")
            }
            throw UsageError("unknown command '\(first)': commands are \(commands.joined(separator: ", "))")
        }
    }

    /// Only the settings given are set: the others come from the site (see `SiteSettings`).
    static func parseBuild(_ arguments: [String]) throws(UsageError) -> Invocation {
        let scanner = try OptionScanner(
            command: "build",
            specs: [
                "--output": .value, "-o": .value, "--title": .value, "--limit": .value, "--sort": .value,
                "--thumb-size": .value, "--preview-size": .value, "--quality": .value, "--jobs": .value, "-j": .value,
                "--exclude": .repeated, "--selection": .repeated, "--include-gps": .flag, "--no-gps": .flag, "--strict": .flag,
                "--quiet": .flag,
                "-q": .flag, "--templates": .value, "--replace": .flag, "--watermark": .value, "--watermark-opacity": .value,
                "--watermark-font": .value, "--no-watermark": .flag, "--min": .value, "--contact": .value,
                "--contact-name": .value, "--message": .value, "--cover": .value, "--logo": .value, "--accent": .value,
                "--lang": .value, "--shard": .value,
            ],
            arguments: arguments)
        if scanner.wantsHelp { return .help(topic: "build") }
        guard let library = scanner.positionals.first else { throw UsageError("build needs a LIBRARY folder", command: "build") }
        guard scanner.positionals.count == 1 else {
            throw UsageError("build takes one LIBRARY folder; unexpected '\(scanner.positionals[1])'", command: "build")
        }
        guard !library.isEmpty else { throw UsageError("build needs a LIBRARY folder", command: "build") }
        if scanner.value("--output") != nil && scanner.value("-o") != nil {
            throw UsageError("option '--output' given twice", command: "build")
        }
        if scanner.value("--jobs") != nil && scanner.value("-j") != nil {
            throw UsageError("option '--jobs' given twice", command: "build")
        }
        if scanner.flag("--include-gps") && scanner.flag("--no-gps") {
            throw UsageError("options '--include-gps' and '--no-gps' contradict each other", command: "build")
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let jobs =
            scanner.value("-j") != nil
            ? try scanner.integer("-j", default: cores, in: 1...256) : try scanner.integer("--jobs", default: cores, in: 1...256)
        var options = BuildOptions(
            library: library, output: try scanner.nonEmpty("--output", "-o") ?? "Site", jobs: jobs,
            templates: try scanner.nonEmpty("--templates"), replace: scanner.flag("--replace"))
        // An empty title goes back to the folder's name.
        if let title = scanner.value("--title") { options.title = title.isEmpty ? nil : title }
        // Each setting's value goes through the check its stored value does (`SiteSettings.Checks`).
        if let limit = try scanner.setting("--limit", SiteSettings.Checks.limit) { options.limit = limit }
        if let minimum = try scanner.setting("--min", SiteSettings.Checks.minimum) { options.minimum = minimum }
        if scanner.value("--min") != nil, scanner.value("--limit") != nil,
            !SiteSettings.Checks.fits(minimum: options.minimum, limit: options.limit)
        {
            throw UsageError("option '--min' (\(options.minimum)) is above '--limit' (\(options.limit))", command: "build")
        }
        // The contact and the message: an empty one takes it away.
        if let contact = scanner.value("--contact") {
            if let reason = contact.isEmpty ? nil : ContactAddress.problem(contact) {
                throw UsageError("option '--contact': '\(contact)' \(reason)", command: "build")
            }
            options.contact = contact.isEmpty ? nil : contact
        }
        if let name = scanner.value("--contact-name") { options.contactName = name.isEmpty ? nil : name }
        if let message = scanner.value("--message") { options.message = message.isEmpty ? nil : message }
        // The cover, the logo and the colour: '' goes back to none (the first photo, no
        // logo, the page's own colour). Checked as the stored values are.
        if let cover = scanner.value("--cover") {
            if let reason = cover.isEmpty ? nil : CoverPhoto.problem(cover) {
                throw UsageError("option '--cover': '\(cover)' \(reason)", command: "build")
            }
            options.cover = cover.isEmpty ? nil : cover
        }
        if let logo = scanner.value("--logo") {
            if logo.isEmpty { options.logo = nil } else { options.logoFile = logo }
        }
        if let accent = scanner.value("--accent") {
            if let reason = accent.isEmpty ? nil : AccentColor.problem(accent) {
                throw UsageError("option '--accent': '\(accent)' \(reason)", command: "build")
            }
            options.accent = AccentColor(accent)?.hex
        }
        // English is the default, so `--lang en` sets none.
        if let language = scanner.value("--lang") {
            if let reason = PageLanguage.problem(language) {
                throw UsageError("option '--lang': '\(language)' \(reason)", command: "build")
            }
            options.language = language == PageLanguage.en.rawValue ? nil : language
        }
        if let text = scanner.value("--sort") {
            guard let value = PhotoSort(rawValue: text) else {
                throw UsageError("option '--sort' is 'date' or 'name', not '\(text)'", command: "build")
            }
            options.sort = value
        }
        if let size = try scanner.setting("--thumb-size", SiteSettings.Checks.thumbSize) { options.thumbSize = size }
        if let size = try scanner.setting("--preview-size", SiteSettings.Checks.previewSize) { options.previewSize = size }
        if let quality = try scanner.setting("--quality", SiteSettings.Checks.quality) { options.quality = quality }
        // The patterns given replace the site's; an empty one (`--exclude ''`) clears them.
        let globs = scanner.list("--exclude")
        if !globs.isEmpty { options.excludes = globs.filter { !$0.isEmpty }.map { ExcludePattern($0).glob } }
        let selections = scanner.list("--selection")
        if !selections.isEmpty { options.selections = try namedSelections(selections) }
        if scanner.flag("--include-gps") { options.includeGPS = true }
        if scanner.flag("--no-gps") { options.includeGPS = false }
        // The watermark with its options; --no-watermark takes it away.
        if let text = try scanner.setting("--watermark", SiteSettings.Checks.watermark) {
            guard !scanner.flag("--no-watermark") else {
                throw UsageError("options '--watermark' and '--no-watermark' contradict each other", command: "build")
            }
            options.watermark = text
            if let opacity = try scanner.setting("--watermark-opacity", SiteSettings.Checks.watermarkOpacity) {
                options.watermarkOpacity = opacity
            }
            // Resolved here, once: stored as given, a relative path failed a rebuild run
            // from another folder, and libgd looked a bare name up in its font path.
            if let font = try scanner.nonEmpty("--watermark-font") { options.watermarkFont = WatermarkFont.absolute(font) }
        } else if scanner.value("--watermark-opacity") != nil || scanner.value("--watermark-font") != nil {
            throw UsageError("options '--watermark-opacity' and '--watermark-font' need '--watermark TEXT'", command: "build")
        } else if scanner.flag("--no-watermark") {
            options.watermark = nil
        }
        let strict = scanner.flag("--strict"), quiet = scanner.flag("--quiet") || scanner.flag("-q")
        if let shard = try shard(scanner) { return .shard(options, shard, strict: strict, quiet: quiet) }
        return .build(options, strict: strict, quiet: quiet)
    }

    /// `--selection NAME:MAX` or `NAME:MIN-MAX`, repeated: every bad value on a line of its
    /// own; an empty one (`--selection ''`) clears them.
    static func namedSelections(_ specs: [String]) throws(UsageError) -> NamedSelections {
        var list: [NamedSelection] = []
        var lines: [String] = []
        for spec in specs where !spec.isEmpty {
            do {
                list.append(try NamedSelection(parsing: spec))
            } catch {
                lines.append("option '--selection' '\(error.spec)' \(error.reason)")
            }
        }
        let selections = NamedSelections(list)
        if lines.isEmpty, let problem = selections.problem { lines.append("option '--selection': \(problem)") }
        guard lines.isEmpty else { throw UsageError(lines.joined(separator: "\n"), command: "build") }
        return selections
    }

    static func parseCollect(_ arguments: [String]) throws(UsageError) -> Invocation {
        let scanner = try OptionScanner(
            command: "collect",
            specs: [
                "--library": .value, "-l": .value, "--output": .value, "-o": .value, "--site": .value, "--name-pattern": .value,
                "--dry-run": .flag, "-n": .flag, "--overwrite": .flag, "--accept-changed": .flag, "--force": .flag, "-f": .flag,
                "--link": .flag, "--no-companions": .flag, "--list": .value, "--selection": .value, "--label": .value,
                "--stars": .value, "--rejected": .flag,
            ],
            arguments: arguments)
        if scanner.wantsHelp { return .help(topic: "collect") }
        guard let order = scanner.positionals.first, !order.isEmpty else {
            throw UsageError("collect needs an ORDER_FILE (or - to read it from standard input)", command: "collect")
        }
        guard scanner.positionals.count == 1 else {
            throw UsageError("collect takes one ORDER_FILE; unexpected '\(scanner.positionals[1])'", command: "collect")
        }
        if scanner.value("--library") != nil && scanner.value("-l") != nil {
            throw UsageError("option '--library' given twice", command: "collect")
        }
        if scanner.value("--output") != nil && scanner.value("-o") != nil {
            throw UsageError("option '--output' given twice", command: "collect")
        }
        var list: ListFormat?
        if let text = scanner.value("--list") {
            guard let format = ListFormat(rawValue: text) else {
                let formats = ListFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("option '--list' is one of \(formats), not '\(text)'", command: "collect")
            }
            list = format
            let writing =
                ["--output", "-o", "--name-pattern"].filter { scanner.value($0) != nil }
                + ["--dry-run", "-n", "--overwrite", "--force", "-f", "--link", "--no-companions"].filter { scanner.flag($0) }
            if let first = writing.first {
                throw UsageError("--list prints the list and writes nothing; it takes no '\(first)'", command: "collect")
            }
        }
        let marks = try markFilter(scanner)
        if marks != nil && list == nil {
            throw UsageError("--label, --stars and --rejected choose what --list prints; they need --list FORMAT", command: "collect")
        }
        let library = try scanner.nonEmpty("--library", "-l")
        guard library != nil || list != nil else {
            throw UsageError("collect needs --library LIBRARY: the folder the gallery was built from", command: "collect")
        }
        // --force meant both; kept so scripts keep working, with a word about what to use.
        let force = scanner.flag("--force") || scanner.flag("-f")
        var notes: [String] = []
        if force {
            notes.append("--force is deprecated: it means --overwrite --accept-changed; say which you mean")
        }
        let pattern = try scanner.nonEmpty("--name-pattern") ?? CollectOptions.defaultNamePattern
        var options = CollectOptions(
            orderFile: order, library: library, output: try scanner.nonEmpty("--output", "-o"), site: try scanner.nonEmpty("--site"),
            namePattern: pattern, dryRun: scanner.flag("--dry-run") || scanner.flag("-n"),
            overwrite: force || scanner.flag("--overwrite"), acceptChanged: force || scanner.flag("--accept-changed"),
            link: scanner.flag("--link"), companions: !scanner.flag("--no-companions"), list: list)
        options.selection = try scanner.nonEmpty("--selection")
        options.marks = marks
        return .collect(options, notes: notes)
    }

    /// `--label NAME`, `--stars N`, `--rejected`: which marked photos `--list` prints.
    static func markFilter(_ scanner: OptionScanner) throws(UsageError) -> MarkFilter? {
        var filter = MarkFilter(rejected: scanner.flag("--rejected"))
        if let text = scanner.value("--label") {
            guard let label = ColorLabel(rawValue: text.lowercased()) else {
                let names = ColorLabel.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("option '--label' is one of \(names), not '\(text)'", command: "collect")
            }
            filter.label = label
        }
        if let text = scanner.value("--stars") {
            guard let stars = Int(text), (1...5).contains(stars) else {
                throw UsageError("option '--stars' is a number of stars from 1 to 5, not '\(text)'", command: "collect")
            }
            filter.stars = stars
        }
        return filter == MarkFilter() ? nil : filter
    }

    static func parseMark(_ arguments: [String]) throws(UsageError) -> Invocation {
        let scanner = try OptionScanner(
            command: "mark", specs: ["--library": .value, "-l": .value, "--dry-run": .flag, "-n": .flag, "--undo": .flag],
            arguments: arguments)
        if scanner.wantsHelp { return .help(topic: "mark") }
        guard let order = scanner.positionals.first, !order.isEmpty else {
            throw UsageError("mark needs an ORDER_FILE with marks (the page's export)", command: "mark")
        }
        guard scanner.positionals.count == 1 else {
            throw UsageError("mark takes one ORDER_FILE; unexpected '\(scanner.positionals[1])'", command: "mark")
        }
        if scanner.value("--library") != nil && scanner.value("-l") != nil {
            throw UsageError("option '--library' given twice", command: "mark")
        }
        guard let library = try scanner.nonEmpty("--library", "-l") else {
            throw UsageError("mark needs --library LIBRARY: the folder whose sidecars get the marks", command: "mark")
        }
        return .mark(
            MarkOptions(
                orderFile: order, library: library, dryRun: scanner.flag("--dry-run") || scanner.flag("-n"), undo: scanner.flag("--undo")))
    }

    static func parseMerge(_ arguments: [String]) throws(UsageError) -> Invocation {
        let scanner = try OptionScanner(
            command: "merge",
            specs: [
                "--output": .value, "-o": .value, "--mode": .value, "--limit": .value, "--table": .value, "--selection": .value,
            ],
            arguments: arguments)
        if scanner.wantsHelp { return .help(topic: "merge") }
        guard !scanner.positionals.isEmpty else {
            throw UsageError("merge needs the order files to merge (A.json B.json …)", command: "merge")
        }
        if let empty = scanner.positionals.first(where: \.isEmpty) {
            throw UsageError("merge: an empty file name ('\(empty)')", command: "merge")
        }
        if scanner.value("--output") != nil && scanner.value("-o") != nil {
            throw UsageError("option '--output' given twice", command: "merge")
        }
        var mode = MergeMode.ranked
        if let text = scanner.value("--mode") {
            guard let value = MergeMode(rawValue: text) else {
                throw UsageError("option '--mode' is ranked, union or intersection, not '\(text)'", command: "merge")
            }
            mode = value
        }
        let limit = scanner.value("--limit") == nil ? nil : try scanner.integer("--limit", default: 0, in: 0...OrderFile.maximumPicks)
        var options = MergeOptions(
            files: scanner.positionals, output: try scanner.nonEmpty("--output", "-o"), mode: mode, limit: limit,
            table: try scanner.nonEmpty("--table"))
        options.selection = try scanner.nonEmpty("--selection")
        return .merge(options)
    }

    static func parseDemo(_ arguments: [String]) throws(UsageError) -> Invocation {
        let scanner = try OptionScanner(
            command: "demo",
            specs: ["--output": .value, "-o": .value, "--library": .value, "--quiet": .flag, "-q": .flag],
            arguments: arguments)
        if scanner.wantsHelp { return .help(topic: "demo") }
        if let extra = scanner.positionals.first {
            throw UsageError("demo takes no arguments; unexpected '\(extra)'", command: "demo")
        }
        return .demo(
            output: try scanner.nonEmpty("--output", "-o") ?? "Site",
            library: try scanner.nonEmpty("--library"),
            quiet: scanner.flag("--quiet") || scanner.flag("-q"))
    }
}
