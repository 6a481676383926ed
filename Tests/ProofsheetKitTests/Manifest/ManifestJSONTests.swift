import Foundation
import ProofsheetKit
import Testing

/// The hand-written manifest codec writes what JSONEncoder writes and reads it back.
@Suite("Manifest JSON")
struct ManifestJSONTests {
    static func reference(_ manifest: Manifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(manifest))
    }

    @Test("the fixture sets every field of a photo, so a field the codec forgets fails this suite")
    func fixtureIsComplete() throws {
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(ManifestFixtures.fixture.utf8))
        let photo = try #require(manifest.photos.first)
        for child in Mirror(reflecting: photo).children {
            let value = Mirror(reflecting: child.value)
            #expect(!(value.displayStyle == .optional && value.children.isEmpty), "\(child.label ?? "?") is not set")
        }
    }

    @Test("it writes byte for byte what JSONEncoder writes with sorted keys")
    func encodes() throws {
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(ManifestFixtures.fixture.utf8))
        #expect(try ManifestJSON.encode(manifest) == Self.reference(manifest))
    }

    @Test("it reads what it writes, and what JSONEncoder writes, pretty-printed or not")
    func decodes() throws {
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(ManifestFixtures.fixture.utf8))
        #expect(try ManifestJSON.read(try ManifestJSON.encode(manifest)) == manifest)
        #expect(try ManifestJSON.read(Array(ManifestFixtures.fixture.utf8)) == manifest)
        let pretty = JSONEncoder()
        pretty.outputFormatting = [.prettyPrinted]
        #expect(try ManifestJSON.read(Array(try pretty.encode(manifest))) == manifest)
    }

    @Test("what is not a manifest is nil, not a crash", arguments: ["", "{", "[]", "{\"photos\": [{]}", "null", "{\"photos\": 1}"])
    func notAManifest(text: String) {
        #expect(ManifestJSON.decode(Array(text.utf8)) == nil)
    }

    // Found by reading FuzzManifest's inputs: a damaged manifest opening 50,000 arrays
    // overflowed the stack of the reader, which recursed once a level.
    @Test("a damaged manifest nested thousands deep is refused, not a crash")
    func nestedDeep() {
        let deep = "{\"albums\":" + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000) + "}"
        #expect(throws: (any Error).self) { try ManifestJSON.read(Array(deep.utf8)) }
        #expect(ManifestJSON.decode(Array(deep.utf8)) == nil)
        #expect(ManifestJSON.settings(in: Array(deep.utf8)) == nil)
    }

    // Found by FuzzManifest's round trip: `1e999` read as infinity was written back as
    // `inf`, which no JSON reader takes, so the next build refused its own site.
    @Test("a number too big for a Double is refused, never written back as inf")
    func infinite() throws {
        let edited = ManifestFixtures.fixture.replacingOccurrences(of: "\"longitude\": 1e21", with: "\"longitude\": 1e999")
        #expect(edited != ManifestFixtures.fixture)
        #expect(throws: (any Error).self) { try ManifestJSON.read(Array(edited.utf8)) }
        if let manifest = ManifestJSON.decode(Array(edited.utf8)) {
            #expect(manifest.photos.allSatisfy { $0.gps.map { $0.latitude.isFinite && $0.longitude.isFinite } ?? true })
            #expect(try ManifestJSON.read(try ManifestJSON.encode(manifest)) == manifest)
        }
    }
}
