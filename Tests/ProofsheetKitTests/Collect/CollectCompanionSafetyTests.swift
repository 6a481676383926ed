import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Companions that are gone, not files, or hidden; and collect's messages in the singular.
@Suite("Collect: companions gone, odd or hidden; messages")
struct CollectCompanionSafetyTests {
    func collect(_ f: CollectFixture, _ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let recorder = RecordingConsole()
        let status = await CLI.run(arguments: ["collect"] + arguments, console: recorder.console)
        return (
            status, recorder.out.replacingOccurrences(of: f.root, with: "ROOT"), recorder.err.replacingOccurrences(of: f.root, with: "ROOT")
        )
    }

    /// A Unix socket at `path`, as a chat program or a sync daemon leaves one.
    func makeSocket(_ path: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "cannot make a socket at \(path)")
    }

    @Test("a RAW and a Live Photo video the gallery showed, gone at collect time: one warning each, naming them")
    func announcedGone() async throws {
        try await withCollectFixture { f in
            try f.add("Wedding/IMG_1.jpg", seed: 1)
            try TestPhoto.write(Array(repeating: 7, count: 3000), to: f.library, "Wedding/IMG_1.CR3")
            try TestPhoto.write(Array(repeating: 8, count: 3000), to: f.library, "Wedding/IMG_1.MOV")
            _ = try await build(f.library, into: f.root + "/Site")
            let companions = try readManifest(f.root + "/Site").photos.first?.companions?.map(\.path)
            #expect(companions == ["Wedding/IMG_1.CR3", "Wedding/IMG_1.MOV"])
            unlink(f.library + "/Wedding/IMG_1.CR3")
            unlink(f.library + "/Wedding/IMG_1.MOV")
            try f.order(["Wedding/IMG_1.jpg"])
            let gallery = try readManifest(f.root + "/Site").gallery
            try FileSystem.writeAtomically(
                try readText(f.root + "/order.json").replacingOccurrences(of: "abc123", with: gallery), to: f.root + "/order.json")
            let result = await collect(f, [f.root + "/order.json", "-l", f.library, "-o", f.root + "/P", "--site", f.root + "/Site"])
            #expect(result.status == 0, "\(result.err)")
            #expect(
                result.err == """
                    warning: #1 IMG_1.jpg: its RAW Wedding/IMG_1.CR3, shown in the gallery, is no longer in the library; collected without it
                    warning: #1 IMG_1.jpg: its Live Photo video Wedding/IMG_1.MOV, shown in the gallery, is no longer in the library; collected without it

                    """)
            #expect(f.picked(f.root + "/P") == ["1-IMG_1.jpg", "order.json"])
        }
    }

    @Test("a FIFO and a socket named like companions: a warning each, never opened, not collected")
    func fifoAndSocket() async throws {
        try await withCollectFixture { f in
            try f.add("IMG_1.jpg", seed: 1)
            #expect(mkfifo(f.library + "/IMG_1.CR3", 0o644) == 0)
            try makeSocket(f.library + "/IMG_1.MOV")
            try f.order(["IMG_1.jpg"])
            let result = await collect(f, [f.root + "/order.json", "-l", f.library, "-o", f.root + "/P"])
            #expect(result.status == 0, "\(result.err)")
            #expect(
                result.err == """
                    warning: #1 IMG_1.jpg: companion IMG_1.CR3 is not a regular file (a FIFO, socket or device); left out
                    warning: #1 IMG_1.jpg: companion IMG_1.MOV is not a regular file (a FIFO, socket or device); left out

                    """)
            #expect(f.picked(f.root + "/P") == ["1-IMG_1.jpg", "order.json"])
        }
    }

    @Test("a companion that is a symlink into a hidden folder is refused like any hidden path")
    func symlinkIntoHidden() async throws {
        try await withCollectFixture { f in
            try f.add("IMG_1.jpg", seed: 1)
            try TestPhoto.write(Array(repeating: 7, count: 3000), to: f.library, ".private/secret.CR3")
            #expect(symlink(".private/secret.CR3", f.library + "/IMG_1.CR3") == 0)
            try f.order(["IMG_1.jpg"])
            let result = await collect(f, [f.root + "/order.json", "-l", f.library, "-o", f.root + "/P"])
            #expect(result.status == 0, "\(result.err)")
            #expect(
                result.err
                    == "warning: #1 IMG_1.jpg: companion IMG_1.CR3 is a symlink into a hidden path ('.private' starts with a dot); left out\n"
            )
            #expect(f.picked(f.root + "/P") == ["1-IMG_1.jpg", "order.json"])
        }
    }

    @Test("one photo already there: 'this photo', not 'these 1 photo'; with its companion too")
    func singular() async throws {
        try await withCollectFixture { f in
            try f.add("IMG_1.jpg", seed: 1)
            try f.order(["IMG_1.jpg"])
            let arguments = [f.root + "/order.json", "-l", f.library, "-o", f.root + "/P"]
            #expect(await collect(f, arguments).status == 0)
            #expect(await collect(f, arguments).out == "nothing to do: ROOT/P/ already holds this photo\n")
            #expect(await collect(f, arguments + ["-n"]).out.hasSuffix("dry run: ROOT/P/ already holds this photo; nothing to do\n"))
            try TestPhoto.write(Array(repeating: 7, count: 3000), to: f.library, "IMG_1.CR3")
            #expect(await collect(f, arguments).status == 0)
            #expect(await collect(f, arguments).out == "nothing to do: ROOT/P/ already holds this photo and its companion (1 RAW)\n")
        }
    }

    @Test("-o a symlink to nothing: refused, saying what it is; nothing created where it points")
    func danglingOutput() async throws {
        try await withCollectFixture { f in
            try f.add("IMG_1.jpg", seed: 1)
            try f.order(["IMG_1.jpg"])
            #expect(symlink(f.root + "/nowhere/picks", f.root + "/out") == 0)
            let result = await collect(f, [f.root + "/order.json", "-l", f.library, "-o", f.root + "/out"])
            #expect(result.status == 2)
            #expect(
                result.err == """
                    error: ROOT/out: is a symlink to nothing ("ROOT/nowhere/picks"); choose another --output
                    nothing was collected (1 problem)

                    """)
            #expect(!FileSystem.exists(f.root + "/nowhere"))
        }
    }
}
