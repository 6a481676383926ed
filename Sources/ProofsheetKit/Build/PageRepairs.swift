import Synchronization

extension SiteWriter {
    /// What a rebuild found of the previous build's page files that was not as it wrote
    /// them. Shared by the copies of the writer, and noted from the thread that makes the
    /// page's data beside the manifest (`AlbumWrite`): hence one lock around it all.
    final class Repairs: Sendable {
        private struct State {
            /// Relative paths found damaged (truncated, zeroed, edited).
            var damaged: Set<String> = []
            /// The files the previous page named (its chunks, search index and album pages).
            var expected: Set<String> = []
            /// Whether every page file on disk was found whole (`pageFilesWhole`), once asked.
            var whole: Bool?
            /// Each file written again, in order, with why: `damaged` or `missing`.
            var written: [(path: String, reason: String)] = []
        }

        private let state = Mutex(State())

        /// Each file written again, in order, with why: `damaged` or `missing`.
        var written: [(path: String, reason: String)] { state.withLock { $0.written } }

        /// Whether the files the previous page named are known.
        var knowsExpected: Bool { state.withLock { !$0.expected.isEmpty } }

        func expect(_ files: Set<String>) { state.withLock { $0.expected = files } }

        func damaged(_ files: some Sequence<String> & Sendable) { state.withLock { $0.damaged.formUnion(files) } }

        func damaged(_ file: String) { state.withLock { _ = $0.damaged.insert(file) } }

        /// Whether every page file on disk was found whole, when it was asked already.
        var whole: Bool? { state.withLock { $0.whole } }

        /// Notes `files` damaged; all the page files are whole when none is damaged, nor
        /// anything found before.
        func checked(damaged files: [String]) -> Bool {
            state.withLock { state in
                state.damaged.formUnion(files)
                state.whole = state.damaged.isEmpty
                return state.damaged.isEmpty
            }
        }

        func wrote(_ path: String, existed: Bool) {
            state.withLock { state in
                if existed, state.damaged.contains(path) {
                    state.written.append((path, "damaged"))
                } else if !existed, state.expected.contains(path) {
                    state.written.append((path, "missing"))
                }
            }
        }
    }
}
